from django.urls import path

from config import converters  # noqa: F401  (registers <id:...>)
from systems.wfrp4e import views

urlpatterns = [
    path("encounters/<id:pk>/attack/", views.attack, name="attack"),
    path("encounters/<id:pk>/odds/<str:name>/", views.test_odds, name="wfrp4e-test-odds"),
    path("campaigns/<id:pk>/critical-tables/", views.critical_tables, name="wfrp4e-critical-tables"),
]
