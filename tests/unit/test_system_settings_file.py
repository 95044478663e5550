"""A lab's system settings file, written once by an administrator: what it sets, what it locks,
and the keys it alone may carry (real files in a temporary CODEMENTOR_HOME and
CODEMENTOR_SYSTEM_CONFIG)."""

import logging

import pytest

from codementor_desktop.storage.paths import AppPaths
from codementor_desktop.storage.secrets import Credentials
from codementor_desktop.storage.settings import load_settings, save_settings
from codementor_desktop.tools.services import Services

PISTON_KEY = "pk-lab-7f3a91"
LLM_KEY = "sk-lab-c0ffee42"

LAB = f"""
locked = ["backend", "piston_url", "llm_base_url", "llm_model", "database_url", "problem_pack", "piston_max_runs"]
backend = "piston"
piston_url = "http://piston.lab.example:2000"
piston_key = "{PISTON_KEY}"
piston_max_runs = 6
piston_queue = 40
llm_base_url = "http://tutor.lab.example:11434/v1"
llm_model = "qwen2.5-coder:7b"
llm_deep_model = "qwen2.5-coder:32b"
llm_api_key = "{LLM_KEY}"
database_url = "postgresql+psycopg://ada@db.lab.example:5432/class"
problem_pack = "/srv/share/week-3"
memory_mb = 128
"""


# The app on this machine opens its own SQLite file: no class database to reach in a unit test.
LAB_WITHOUT_DATABASE = LAB.replace('database_url = "postgresql+psycopg://ada@db.lab.example:5432/class"\n', "")


def write_files(system: str, user: str = "") -> AppPaths:
    paths = AppPaths.discover().ensure()
    paths.system_config_dir.mkdir(parents=True, exist_ok=True)
    paths.system_settings_file.write_text(system, encoding="utf-8")
    if user:
        paths.settings_file.write_text(user, encoding="utf-8")
    return paths


def test_a_locked_lab_setting_beats_the_users_file_and_the_environment(isolated_home):
    paths = write_files(
        LAB,
        user='piston_url = "http://mine:2000"\nllm_model = "mine"\nproblem_pack = "/home/ada/pack"\n'
        "piston_max_runs = 1\npiston_queue = 2\nmemory_mb = 64\n",
    )
    environ = {
        "CODEMENTOR_BACKEND": "local",
        "CODEMENTOR_PISTON_URL": "http://env:2000",
        "CODEMENTOR_LLM_BASE_URL": "http://env/v1",
        "CODEMENTOR_DATABASE_URL": "sqlite:///elsewhere.sqlite3",
        "CODEMENTOR_PISTON_MAX_RUNS": "3",
        "CODEMENTOR_MEMORY_MB": "200",
    }
    loaded = load_settings(paths, environ)
    s = loaded.settings
    assert (s.backend, s.piston_url, s.llm_base_url, s.llm_model) == (
        "piston",
        "http://piston.lab.example:2000",
        "http://tutor.lab.example:11434/v1",
        "qwen2.5-coder:7b",
    )
    assert s.database_url == "postgresql+psycopg://ada@db.lab.example:5432/class"
    assert (s.problem_pack, s.piston_max_runs) == ("/srv/share/week-3", 6)
    # What the administrator set but did not lock stays the learner's to change.
    assert (s.piston_queue, s.memory_mb, s.llm_deep_model) == (2, 200, "qwen2.5-coder:32b")
    for name in ("piston_url", "llm_model", "problem_pack", "piston_max_runs"):
        assert any(f"{name!r} is locked by the administrator" in p for p in loaded.problems), name
    assert not set(loaded.environment) & loaded.locked  # no locked setting is said to come from a variable


def test_the_system_files_keys_reach_credentials_through_the_app(isolated_home):
    write_files(LAB_WITHOUT_DATABASE)
    loaded = load_settings()
    assert loaded.problems == []  # piston_key and llm_api_key are known to the system file
    assert not hasattr(loaded.settings, "piston_key") and "piston_key" not in loaded.settings.model_dump()
    services = Services.build(loaded, Credentials(environ={}, use_keyring=False), standby=False)
    try:
        assert services.credentials.get("piston") == PISTON_KEY
        assert services.credentials.get("llm") == LLM_KEY
        assert services.credentials.get("llm_deep") == ""  # the tutor falls back to the llm key itself
        assert services.credentials.from_system_file("piston")
    finally:
        services.close()


def test_the_environment_then_the_system_file_then_the_keyring(isolated_home):
    write_files(LAB.replace('"backend", ', '"backend", "llm_api_key", '))  # the llm key locked, piston's not
    loaded = load_settings()
    credentials = Credentials(
        environ={"CODEMENTOR_PISTON_KEY": "pk-env", "CODEMENTOR_LLM_API_KEY": "sk-env"}, use_keyring=False
    )
    credentials.use_system_file(loaded.system_keys, loaded.locked)
    assert credentials.get("piston") == "pk-env"  # not locked: the environment comes first
    assert not credentials.from_system_file("piston")
    assert credentials.get("llm") == LLM_KEY  # locked: the environment cannot override it
    # A key the learner types in goes to their own store and never over the administrator's.
    assert credentials.set("llm", "sk-typed") == "session only"
    assert credentials.get("llm") == LLM_KEY
    quiet = Credentials(environ={}, use_keyring=False)
    quiet.set("piston", "pk-typed")
    quiet.use_system_file(loaded.system_keys, loaded.locked)
    assert quiet.get("piston") == PISTON_KEY  # the system file before the session and the keyring


def test_a_key_in_the_users_file_is_refused_with_a_clear_warning(isolated_home, caplog):
    paths = write_files("", user=f'llm_api_key = "{LLM_KEY}"\ntheme = "dark"\npiston_key = "{PISTON_KEY}"\n')
    loaded = load_settings(paths, {})
    assert loaded.system_keys == {} and loaded.settings.theme == "dark"
    warnings = [p for p in loaded.problems if "is a key" in p]
    assert len(warnings) == 2
    llm = next(p for p in warnings if "'llm_api_key'" in p)
    assert f"{paths.settings_file}, line 1" in llm
    assert "never read from your own settings file" in llm and "CODEMENTOR_LLM_API_KEY" in llm
    assert "'piston_key'" in warnings[1] and "line 3" in warnings[1]
    with caplog.at_level(logging.WARNING):
        loaded.log_problems()
    assert "is a key" in caplog.text
    assert LLM_KEY not in caplog.text and PISTON_KEY not in caplog.text
    credentials = Credentials(environ={}, use_keyring=False)
    credentials.use_system_file(loaded.system_keys, loaded.locked)
    assert credentials.get("llm") == "" and credentials.get("piston") == ""


def test_the_system_files_keys_are_never_written_back_nor_shown(isolated_home, caplog):
    paths = write_files(LAB_WITHOUT_DATABASE + "llm_tool_set = 42\n")  # one mistake, so that problems are logged
    loaded = load_settings()
    with caplog.at_level(logging.DEBUG):
        loaded.log_problems()
        services = Services.build(loaded, Credentials(environ={}, use_keyring=False), standby=False)
        try:
            loaded.settings.theme = "dark"
            save_settings(loaded)
            shown = repr(loaded) + repr(services.credentials)
        finally:
            services.close()
    user_file = paths.settings_file.read_text(encoding="utf-8")
    assert 'theme = "dark"' in user_file
    for key in (PISTON_KEY, LLM_KEY):
        assert key not in user_file and key not in caplog.text and key not in shown
        written = [p for p in isolated_home.rglob("*") if p.is_file() and p != paths.system_settings_file]
        assert not any(key in p.read_text(errors="ignore") for p in written), key


@pytest.mark.parametrize("value", ["42", "true", '["a"]'])
def test_a_system_key_that_is_no_string_is_reported_without_its_value(isolated_home, value):
    loaded = load_settings(write_files(f"piston_key = {value}\n"), {})
    assert loaded.system_keys == {}
    assert loaded.problems == [
        f"{loaded.paths.system_settings_file}, line 1: 'piston_key' must be a string in quotes; ignored"
    ]


def test_a_keyring_that_keeps_nothing_is_not_said_to_keep_a_key(isolated_home):
    import keyring
    from keyring.backends.null import Keyring as NullKeyring

    before = keyring.get_keyring()
    keyring.set_keyring(NullKeyring())
    try:
        credentials = Credentials(environ={}, use_keyring=True)
        assert credentials.set("database", "pw-1") == "session only"  # so `class join` warns
        assert credentials.get("database") == "pw-1" and credentials.status == "session only"
    finally:
        keyring.set_keyring(before)
