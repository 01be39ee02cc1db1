class OneThreadPerRequest:
    """Last in MIDDLEWARE, and sync only: so Django runs every middleware above it, and the view, in the request's
    one thread. Below a sync-only middleware Django picks sync mode all the way up; without one, under ASGI its own
    middleware would run in async mode, where each of their hooks is a trip from the event loop to a thread and back:
    14 a request instead of 5 (tests/test_one_thread_per_request.py). On a loop busy with websockets each trip waits
    its turn: with 50 tables playing, a command over the API spent ~8 ms outside its view (bench/many_tables.py)."""

    sync_capable = True
    async_capable = False

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)
