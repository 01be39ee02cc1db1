from django.urls import path

from systems.wfrp4e import views

urlpatterns = [
    path("encounters/<int:pk>/attack/", views.attack, name="attack"),
]
