"""uvicorn serving the real ASGI app in a thread of the test process: the browser tests' server, and the tests of
what only a running server does."""

import socket
import threading
import time

import uvicorn


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class LiveServer:
    """uvicorn serving the real ASGI app in a thread; can stop and start again on the same port."""

    def __init__(self):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = self.thread = None

    def start(self):
        from config.asgi import application

        self.server = uvicorn.Server(
            uvicorn.Config(
                application,
                host="127.0.0.1",
                port=self.port,
                ws="websockets-sansio",
                lifespan="off",
                log_level="warning",
            )
        )
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)

    def stop(self):
        self.server.should_exit = True
        self.thread.join(timeout=10)
