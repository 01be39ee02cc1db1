FROM python:3.13-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY requirements.lock .
RUN pip install --no-cache-dir --require-hashes -r requirements.lock
COPY . .
RUN SECRET_KEY=collectstatic-only python manage.py collectstatic --no-input
RUN useradd --create-home tracker
USER tracker
EXPOSE 8000
# uvicorn takes the client's address and scheme from X-Forwarded-For and -Proto only when the proxy sending them is in
# FORWARDED_ALLOW_IPS (docker-compose.yml: the Caddy service's address; unset: the container itself only).
CMD ["sh", "-c", "python manage.py migrate --no-input && python manage.py loadrules && exec uvicorn config.asgi:application --host 0.0.0.0 --port 8000 --ws websockets-sansio --ws-per-message-deflate false --proxy-headers"]
