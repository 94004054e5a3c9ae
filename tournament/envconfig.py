"""The settings that production reads from the environment (e-mail, admins), parsed by
django-environ (the URL, flags and numbers) and the standard library (addresses)."""

from collections.abc import Mapping
from email.utils import getaddresses

import environ

SMTP_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
CONSOLE_BACKEND = "django.core.mail.backends.console.EmailBackend"

# EMAIL_URL's schemes (the documented names) → django-environ's. `smtps` is implicit TLS
# (port 465), which django-environ spells `smtp+ssl` (its own `smtps` means STARTTLS).
EMAIL_SCHEMES = {
    "smtp": "smtp",
    "submission": "smtp",
    "smtps": "smtp+ssl",
    "console": "consolemail",
    "dummy": "dummymail",
}


def _flag(value: str | None) -> bool:
    return environ.Env.parse_value((value or "").strip(), bool)


def email_settings(values: Mapping[str, str]) -> dict[str, object]:
    """Django EMAIL_* settings from EMAIL_URL, else from EMAIL_HOST/PORT/HOST_USER/….

    `EMAIL_URL` looks like `smtp://user:password@mail.example.org:587?tls=1` (STARTTLS) or
    `smtps://user:password@mail.example.org:465` (implicit TLS); user and password are
    percent-decoded. Without either variable mail goes to the console (development).

    Values are read as they are (never through `Env.str`, which would take a password
    starting with "$" for the name of another variable).
    """
    url = values.get("EMAIL_URL", "").strip()
    if url:
        return _email_from_url(url)
    host = values.get("EMAIL_HOST", "").strip()
    use_ssl = _flag(values.get("EMAIL_USE_SSL"))
    return {
        "EMAIL_BACKEND": values.get("EMAIL_BACKEND") or (SMTP_BACKEND if host else CONSOLE_BACKEND),
        "EMAIL_HOST": host or "localhost",
        "EMAIL_PORT": int(values.get("EMAIL_PORT") or (465 if use_ssl else 25)),
        "EMAIL_HOST_USER": values.get("EMAIL_HOST_USER", ""),
        "EMAIL_HOST_PASSWORD": values.get("EMAIL_HOST_PASSWORD", ""),
        "EMAIL_USE_TLS": _flag(values.get("EMAIL_USE_TLS")),
        "EMAIL_USE_SSL": use_ssl,
        "EMAIL_TIMEOUT": int(values.get("EMAIL_TIMEOUT") or 10),
    }


def _email_from_url(url: str) -> dict[str, object]:
    scheme, _, rest = url.partition("://")
    if scheme not in EMAIL_SCHEMES:
        known = ", ".join(sorted(EMAIL_SCHEMES))
        raise ValueError(f"EMAIL_URL scheme {scheme!r} is not one of {known}")
    config = environ.Env.email_url_config(f"{EMAIL_SCHEMES[scheme]}://{rest}")
    options = {key.lower(): str(value) for key, value in config.get("OPTIONS", {}).items()}
    use_ssl = bool(config.get("EMAIL_USE_SSL")) or _flag(options.get("ssl"))
    return {
        "EMAIL_BACKEND": options.get("backend", config["EMAIL_BACKEND"]),
        "EMAIL_HOST": config["EMAIL_HOST"] or "localhost",
        "EMAIL_PORT": config["EMAIL_PORT"] or (465 if use_ssl else 25),
        "EMAIL_HOST_USER": config["EMAIL_HOST_USER"] or "",
        "EMAIL_HOST_PASSWORD": config["EMAIL_HOST_PASSWORD"] or "",
        "EMAIL_USE_TLS": _flag(options.get("tls")) and not use_ssl,
        "EMAIL_USE_SSL": use_ssl,
        "EMAIL_TIMEOUT": int(options.get("timeout") or 10),
    }


def admins(value: str) -> list[tuple[str, str]]:
    """`ADMINS="Ann <ann@example.org>, bob@example.org"` → [(name, address), …]; a person
    without a name is named by the address."""
    return [(name or address, address) for name, address in getaddresses([value]) if address]
