# Production image: runtime dependencies only, translations compiled, static files collected
# into the image (not the data volume), run as an unprivileged user. The card facts come with
# the code (carddata/); card texts are optional: mount a folder of them and name it in
# SPELLFIRE_CARD_DATA, or import from a CrossFire checkout (README, "Production").
FROM python:3.11-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_DISABLE_PIP_VERSION_CHECK=1 \
    XDG_CACHE_HOME=/tmp/.cache
# fontconfig's cache is built here, for every font the image has: at run time the user
# cannot write /var/cache/fontconfig, and anything it does write goes to XDG_CACHE_HOME.
RUN apt-get update && apt-get install -y --no-install-recommends \
        libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz0b fontconfig fonts-dejavu-core \
        postgresql-client \
    && rm -rf /var/lib/apt/lists/* \
    && fc-cache --force --system-only \
    && useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin spellfire \
    && mkdir -p /data && chown spellfire /data
WORKDIR /app
COPY requirements.txt .
# Where pip fetches from, when not PyPI: --build-arg PIP_INDEX_URL=... . A private CA (a
# proxy in between) is handed over as a build secret, never kept in a layer:
#   docker build --secret id=pip-ca,src=/etc/ssl/certs/ca-certificates.crt .
ARG PIP_INDEX_URL=https://pypi.org/simple
RUN --mount=type=secret,id=pip-ca \
    if [ -s /run/secrets/pip-ca ]; then export PIP_CERT=/run/secrets/pip-ca; fi \
    && pip install --no-cache-dir -r requirements.txt
COPY . .
ENV PRODUCTION=1 SPELLFIRE_DATA_DIR=/data STATIC_ROOT=/app/staticfiles
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
