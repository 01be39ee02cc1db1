from django.urls import path

from combat.consumers import EncounterConsumer

websocket_urlpatterns = [
    path("ws/encounters/<int:encounter_id>/", EncounterConsumer.as_asgi()),
]
