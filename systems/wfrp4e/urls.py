from django.urls import path

from config import converters  # noqa: F401  (registers <id:...>)
from systems.wfrp4e import views

urlpatterns = [
    path("encounters/<id:pk>/attack/", views.attack, name="attack"),
]
