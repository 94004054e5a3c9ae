"""Parsers for the settings that production reads from the environment (e-mail, admins)."""

from urllib.parse import parse_qs, unquote, urlsplit

SMTP_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
CONSOLE_BACKEND = "django.core.mail.backends.console.EmailBackend"
TRUE_WORDS = {"1", "true", "yes", "on"}

# URL scheme → (backend, implicit TLS) for EMAIL_URL.
EMAIL_SCHEMES = {
    "smtp": (SMTP_BACKEND, False),
    "submission": (SMTP_BACKEND, False),
    "smtps": (SMTP_BACKEND, True),
    "console": (CONSOLE_BACKEND, False),
    "dummy": ("django.core.mail.backends.dummy.EmailBackend", False),
}


def _flag(value: str | None) -> bool:
    return (value or "").strip().lower() in TRUE_WORDS


def email_settings(env: dict[str, str]) -> dict[str, object]:
    """Django EMAIL_* settings from EMAIL_URL, else from EMAIL_HOST/PORT/HOST_USER/….

    `EMAIL_URL` looks like `smtp://user:password@mail.example.org:587?tls=1` (STARTTLS) or
    `smtps://user:password@mail.example.org:465` (implicit TLS); user and password are
    percent-decoded. Without either variable mail goes to the console (development).
    """
    url = env.get("EMAIL_URL", "").strip()
    if url:
        return _email_from_url(url)
    host = env.get("EMAIL_HOST", "").strip()
    backend = env.get("EMAIL_BACKEND") or (SMTP_BACKEND if host else CONSOLE_BACKEND)
    use_ssl = _flag(env.get("EMAIL_USE_SSL"))
    return {
        "EMAIL_BACKEND": backend,
        "EMAIL_HOST": host or "localhost",
        "EMAIL_PORT": int(env.get("EMAIL_PORT") or (465 if use_ssl else 25)),
        "EMAIL_HOST_USER": env.get("EMAIL_HOST_USER", ""),
        "EMAIL_HOST_PASSWORD": env.get("EMAIL_HOST_PASSWORD", ""),
        "EMAIL_USE_TLS": _flag(env.get("EMAIL_USE_TLS")),
        "EMAIL_USE_SSL": use_ssl,
        "EMAIL_TIMEOUT": int(env.get("EMAIL_TIMEOUT") or 10),
    }


def _email_from_url(url: str) -> dict[str, object]:
    parts = urlsplit(url)
    if parts.scheme not in EMAIL_SCHEMES:
        known = ", ".join(sorted(EMAIL_SCHEMES))
        raise ValueError(f"EMAIL_URL scheme {parts.scheme!r} is not one of {known}")
    backend, implicit_tls = EMAIL_SCHEMES[parts.scheme]
    query = {key: values[-1] for key, values in parse_qs(parts.query).items()}
    use_ssl = implicit_tls or _flag(query.get("ssl"))
    return {
        "EMAIL_BACKEND": query.get("backend", backend),
        "EMAIL_HOST": parts.hostname or "localhost",
        "EMAIL_PORT": parts.port or (465 if use_ssl else 25),
        "EMAIL_HOST_USER": unquote(parts.username or ""),
        "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
        "EMAIL_USE_TLS": _flag(query.get("tls")) and not use_ssl,
        "EMAIL_USE_SSL": use_ssl,
        "EMAIL_TIMEOUT": int(query.get("timeout") or 10),
    }


def admins(value: str) -> list[tuple[str, str]]:
    """`ADMINS="Ann <ann@example.org>, bob@example.org"` → [(name, address), …]."""
    people = []
    for item in value.split(","):
        item = item.strip()
        if not item:
            continue
        if "<" in item and item.endswith(">"):
            name, address = item[:-1].split("<", 1)
            people.append((name.strip() or address.strip(), address.strip()))
        else:
            people.append((item, item))
    return people
