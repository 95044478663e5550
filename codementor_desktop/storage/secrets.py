"""API keys: an environment variable, the lab's system settings file, the OS keyring when there is
one, or this session only.

A key is never written to a plain file or a log (the system file is the administrator's, read only). On a bare Linux machine ``keyring`` has no
backend; ``Credentials`` says so (``status``) and keeps a key in memory for the session.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Collection, Mapping

log = logging.getLogger(__name__)
SERVICE = "codementor-desktop"
ENVIRONMENT = {
    "llm": "CODEMENTOR_LLM_API_KEY",
    "llm_deep": "CODEMENTOR_LLM_DEEP_API_KEY",
    "piston": "CODEMENTOR_PISTON_KEY",
    "database": "CODEMENTOR_DATABASE_PASSWORD",  # a class database's password (its URL has none)
}
# The keys a lab's system settings file may carry (never the learner's own file): key -> its setting.
SYSTEM_FILE_KEYS = {"piston": "piston_key", "llm": "llm_api_key"}
# API keys and tokens: what no code the app runs, and no child it starts, should find in its environment.
_SECRET_NAMES = re.compile(r"^CODEMENTOR_\w*KEY(?!_HEADER$)|_(API_KEY|TOKEN|SECRET|SECRET_KEY|PASSWORD)$")


def take_keys_from_environment() -> dict[str, str]:
    """The keys and tokens of this process's environment, moved out of ``os.environ``."""
    return {name: os.environ.pop(name) for name in list(os.environ) if _SECRET_NAMES.search(name.upper())}


class Credentials:
    """Reads and stores keys by name (``llm``, ``llm_deep``, ``piston``).

    A key is looked for in the environment, then the system settings file (a key the administrator
    locked there comes first of all), then this session, then the keyring."""

    def __init__(self, environ: dict[str, str] | None = None, use_keyring: bool = True):
        self._environ = take_keys_from_environment() if environ is None else environ
        self._session: dict[str, str] = {}
        self._system: dict[str, str] = {}
        self._system_locked: set[str] = set()
        self._use_keyring = use_keyring
        self.status = "keyring" if use_keyring else "session only"

    def __repr__(self) -> str:  # the keys held are named, never shown
        return f"Credentials(status={self.status!r}, system={sorted(self._system)})"

    def use_system_file(self, keys: Mapping[str, str], locked: Collection[str] = ()) -> None:
        """Take the keys the system settings file carries (by key name: ``piston``, ``llm``);
        ``locked`` holds the file's locked settings, and a locked key beats the environment too.
        They are only read: ``set`` never writes over them."""
        self._system = {name: value for name, value in keys.items() if value}
        self._system_locked = {name for name, setting in SYSTEM_FILE_KEYS.items() if setting in locked}

    def from_system_file(self, name: str) -> bool:
        """Whether ``get(name)`` answers with the system settings file's key."""
        if name not in self._system:
            return False
        variable = ENVIRONMENT.get(name)
        return name in self._system_locked or not (variable and self._environ.get(variable))

    def get(self, name: str) -> str:
        if self.from_system_file(name):
            return self._system[name]
        variable = ENVIRONMENT.get(name)
        if variable and self._environ.get(variable):
            return self._environ[variable]
        if name in self._session:
            return self._session[name]
        if not self._use_keyring:
            return ""
        try:
            import keyring

            return keyring.get_password(SERVICE, name) or ""
        except Exception as exc:  # noqa: BLE001 - no backend, locked store, dbus missing...
            self._note_unavailable(exc)
            return ""

    def set(self, name: str, value: str) -> str:
        """Store a key; returns where it went (``keyring`` or ``session only``)."""
        if self._use_keyring:
            try:
                import keyring

                usable, why = keyring_backend()
                if not usable:  # the null stand-in takes a key without a word and keeps nothing
                    raise RuntimeError(why)
                keyring.set_password(SERVICE, name, value)
                return "keyring"
            except Exception as exc:  # noqa: BLE001
                self._note_unavailable(exc)
        self._session[name] = value
        return "session only"

    def _note_unavailable(self, exc: Exception) -> None:
        if self.status != "session only":
            log.warning("no usable keyring (%s): keys are kept for this session only", type(exc).__name__)
        self.status = "session only"
        self._use_keyring = False


# keyring's stand-ins when it found no store: they raise on every write (fail) or keep nothing (null).
_NOT_STORES = ("keyring.backends.fail", "keyring.backends.null")


def keyring_backend() -> tuple[bool, str]:
    """Whether the OS keyring can keep keys here, and a sentence a lab administrator can act on."""
    try:
        import keyring

        backend = keyring.get_keyring()
    except Exception as exc:  # noqa: BLE001 - an unimportable or broken keyring is no keyring
        return False, f"no keyring ({type(exc).__name__}: {exc})" + _WITHOUT_KEYRING
    kind = type(backend)
    name = f"{kind.__module__}.{kind.__qualname__}"
    if kind.__module__ in _NOT_STORES or getattr(backend, "backends", None) == []:  # an empty chain too
        return False, f"keyring backend {name} is not usable" + _WITHOUT_KEYRING
    return True, f"keyring backend {name}"


_WITHOUT_KEYRING = (
    ": API keys are not stored (one typed in the window lasts for the session only); set them by "
    "environment (" + ", ".join(ENVIRONMENT.values()) + "), a lab's in its system settings file "
    "(" + ", ".join(SYSTEM_FILE_KEYS.values()) + "), or install a Secret Service "
    "(gnome-keyring, KWallet) or the `keyrings.alt` package. Nothing else needs it."
)
