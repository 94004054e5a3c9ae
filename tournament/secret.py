"""A secret key that is generated once and kept beside the data, never hard-coded."""

import os
import secrets
from pathlib import Path


def load_or_create_secret_key(data_dir: Path) -> str:
    """Return SECRET_KEY from the environment, else from a file created on first use."""
    from_env = os.environ.get("SECRET_KEY")
    if from_env:
        return from_env
    key_file = data_dir / "secret_key"
    if key_file.exists():
        return key_file.read_text().strip()
    data_dir.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    # O_EXCL so two processes starting at once agree on one key.
    try:
        fd = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return key_file.read_text().strip()
    with os.fdopen(fd, "w") as handle:
        handle.write(key)
    return key
