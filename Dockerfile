# Production image: runtime dependencies only, translations compiled, static files collected
# into the image (not the data volume), run as an unprivileged user.
FROM python:3.11-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN apt-get update && apt-get install -y --no-install-recommends \
        libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz0b fonts-dejavu-core \
        postgresql-client \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin spellfire \
    && mkdir -p /data && chown spellfire /data
WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .
ENV PRODUCTION=1 SPELLFIRE_DATA_DIR=/data SPELLFIRE_CARD_DATA=/card-data \
    STATIC_ROOT=/app/staticfiles
# Build-time key only: these commands read settings but sign nothing that is kept.
RUN SECRET_KEY=build-only python manage.py compilemessages_py \
    && SECRET_KEY=build-only SPELLFIRE_DATA_DIR=/tmp/build-data \
       python manage.py collectstatic --noinput \
    && rm -rf /tmp/build-data
USER spellfire
VOLUME ["/data"]
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import urllib.request as u; u.urlopen('http://localhost:8000/healthz', timeout=4)"]
CMD ["gunicorn", "--config", "gunicorn.conf.py", "tournament.wsgi"]
