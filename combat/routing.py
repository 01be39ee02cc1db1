from django.urls import path

from combat.consumers import EncounterConsumer, TableConsumer

websocket_urlpatterns = [
    path("ws/encounters/<int:encounter_id>/", EncounterConsumer.as_asgi()),
    path("ws/table/<str:token>/", TableConsumer.as_asgi()),
]
