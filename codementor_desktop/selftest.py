"""``codementor selftest``: what works on this machine, for a lab administrator."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .domain.vocabulary import Caller
from .platform_check import missing_message, missing_xcb_libraries
from .tools.context import ToolContext

if TYPE_CHECKING:
    from .tools.services import Services

Outcome = tuple[bool, str]
Check = tuple[str, Callable[[], Outcome], bool]  # name, check, essential


def _run(services: Services, code: str, **extra: Any) -> dict:
    arguments = {"language": "python", "code": code, "timeout_seconds": 2, **extra}
    return services.registry.call(
        "bp_execute", arguments, ToolContext(caller=Caller.PERSON, learner=services.settings.user)
    )


def _ends_as(services: Services, verdict: str, what: str, code: str, **extra: Any) -> Callable[[], Outcome]:
    """A check that ``code`` (described as ``what``) ends with ``verdict``."""

    def check() -> Outcome:
        got = _run(services, code, **extra).get("verdict")
        return got == verdict, f"{what} ended as {got}"

    return check


def checks(services: Services) -> list[Check]:
    def python_runs() -> Outcome:
        result = _run(services, "def f(x):\n    return x * 2\n", input_data=21)
        return result.get("return_value") == "42", f"bp_execute returned {result.get('return_value')!r}"

    time_limit = _ends_as(services, "TLE", "an endless loop", "while True:\n    pass\n")
    memory_limit = _ends_as(
        services, "MLE", "a 600 MB allocation", "x = bytearray(600 * 1024 * 1024)\n", memory_limit_mb=64
    )
    network_guard = _ends_as(
        services, "RE", "opening the network", "import socket\nsocket.socket().connect(('127.0.0.1', 9))\n"
    )

    def problem_bank():
        count, errors = len(services.bank), len(services.bank.errors)
        return count > 0, f"{count} problems loaded, {errors} skipped"

    def node():
        from .runner.node import find_node

        runtime, why = find_node(services.settings.node_path)
        if runtime is None:
            return False, f"{why}: JavaScript needs Node 18+ or Piston"
        return True, f"node {runtime.version_text} at {runtime.path}"

    def keyring_backend():
        from .storage.secrets import keyring_backend as described

        return described()

    def qt_window():
        if not sys.platform.startswith("linux"):
            return True, "not Linux: no extra libraries needed"
        missing = missing_xcb_libraries()
        if missing:
            return False, missing_message(missing)
        return True, "the Qt xcb platform's libraries are present"

    def containment():
        layers = _run(services, "def f(x):\n    return x\n", input_data=1).get("containment") or []
        return bool(layers), "a run is held by: " + (", ".join(layers) or "nothing reported")

    def containment_mode():
        mode = services.containment_mode()
        return True, f"a run is held in the mode: {mode or 'the Piston server decides'}"

    return [
        ("python runner", python_runs, True),
        ("time limit", time_limit, True),
        ("memory limit", memory_limit, sys.platform.startswith("linux")),
        ("network guard", network_guard, True),
        *_kernel_layers(services),
        ("containment", containment, True),
        ("containment mode", containment_mode, False),
        ("problem bank", problem_bank, True),
        ("javascript (node)", node, False),
        ("keyring", keyring_backend, False),
        ("window libraries", qt_window, False),
        *_classroom(services),
    ]


def _classroom(services: Services) -> list[Check]:
    """What a lab's settings name, each reached: the Piston server, the tutor's endpoint, the class
    database (and that row-level security guards every learner's table). Only what is configured."""
    settings = services.settings
    found: list[Check] = []
    if settings.backend == "piston" or settings.piston_url:

        def piston() -> Outcome:
            from .tools.services import describe_piston

            if not settings.piston_url:
                return False, "the backend is piston but no piston_url is set"
            return describe_piston(settings.piston_url, services.credentials.get("piston"), settings.piston_key_header)

        found.append(("piston server", piston, settings.backend == "piston"))
    if settings.llm_base_url:

        def tutor_endpoint() -> Outcome:
            from .tutor.provider import Provider, ProviderConfig

            key = services.credentials.get("llm")
            provider = Provider(
                ProviderConfig(settings.llm_base_url, settings.llm_model, key, first_token_timeout=10.0)
            )
            try:
                models = provider.models()
            except Exception as exc:  # noqa: BLE001 - the provider's own sentence says why
                return False, f"{settings.llm_base_url}: {exc}"
            finally:
                provider.close()
            if settings.llm_model and settings.llm_model not in models:
                return False, f"reached {settings.llm_base_url}, but it has no model {settings.llm_model!r}"
            return (
                True,
                f"reached {settings.llm_base_url}: {len(models)} model(s), {settings.llm_model or 'none chosen'}",
            )

        found.append(("tutor endpoint", tutor_endpoint, False))
    if services.database.path is None:

        def class_database() -> Outcome:
            from .storage.classroom import class_login, row_security_on

            with services.database.transaction() as connection:
                login = class_login(connection)
                if login is None:
                    return False, "a shared database without row-level security: run `codementor class init`"
                guarded = row_security_on(connection)
            off = [table for table, on in guarded.items() if not on]
            if off:
                return False, f"logged in as {login[0]} ({login[1]}); row-level security is OFF for {', '.join(off)}"
            return True, f"logged in as {login[0]} ({login[1]}); row-level security on for {len(guarded)} tables"

        found.append(("class database", class_database, True))
    return found


def _kernel_layers(services: Services) -> list[Check]:
    """Each layer the kernel enforces around a local run (Linux): there, or why not."""
    if not sys.platform.startswith("linux") or services.backend_name != "local":
        return []
    from .runner.containment import Switches, probe

    def known(ok: bool, detail: str) -> Callable[[], tuple[bool, str]]:
        return lambda: (ok, detail)

    described = probe().describe(Switches.from_settings(services.settings))
    return [(layer, known(ok, detail), False) for layer, ok, detail in described]


def run_selftest(services: Services) -> int:
    failed_essential = False
    print(f"backend: {services.backend_name}; data: {services.paths.data_dir}")
    for label, path in (
        ("settings", services.paths.settings_file),
        ("system settings", services.paths.system_settings_file),
    ):
        print(f"{label}: {path} ({'exists' if path.exists() else 'not there: the defaults are used'})")
    for name, check, essential in checks(services):
        try:
            ok, detail = check()
        except Exception as exc:  # noqa: BLE001 - a check that breaks is a failed check
            ok, detail = False, f"{type(exc).__name__}: {exc}"
        mark = "ok  " if ok else ("FAIL" if essential else "warn")
        print(f"[{mark}] {name:20} {detail}")
        failed_essential |= essential and not ok
    return 1 if failed_essential else 0
