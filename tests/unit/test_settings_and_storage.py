import sqlite3

import pytest

from codementor_desktop.storage.database import (
    HEAD_REVISION,
    MIGRATIONS,
    Database,
    DatabaseCorrupt,
    set_aside,
    sqlite_url,
)
from codementor_desktop.storage.paths import AppPaths
from codementor_desktop.storage.secrets import Credentials
from codementor_desktop.storage.settings import Settings, load_settings, save_settings


def test_home_puts_every_folder_in_one_place(tmp_path):
    paths = AppPaths.discover({"CODEMENTOR_HOME": str(tmp_path)})
    for folder in (paths.config_dir, paths.data_dir, paths.log_dir, paths.cache_dir):
        assert tmp_path in folder.parents


def test_defaults_then_file_then_environment(isolated_home):
    paths = AppPaths.discover().ensure()
    paths.settings_file.write_text('backend = "piston"\ntimeout_seconds = 7\n')
    loaded = load_settings(paths, {"CODEMENTOR_TIMEOUT": "3", "CODEMENTOR_USER": "grace"})
    assert loaded.settings.backend == "piston"
    assert loaded.settings.timeout_seconds == 3
    assert loaded.settings.user == "grace"
    assert loaded.problems == []


def test_a_malformed_file_is_reported_with_its_line_and_defaults_are_used(isolated_home):
    paths = AppPaths.discover().ensure()
    paths.settings_file.write_text('theme = "dark"\nbackend = \n')
    loaded = load_settings(paths, {})
    assert loaded.settings == Settings(user=loaded.settings.user)
    assert len(loaded.problems) == 1 and "line 2" in loaded.problems[0]
    assert str(paths.settings_file) in loaded.problems[0]


def test_a_bad_value_falls_back_to_its_default_only(isolated_home):
    paths = AppPaths.discover().ensure()
    paths.settings_file.write_text('theme = "dark"\nmemory_mb = 100000\n')
    loaded = load_settings(paths, {})
    assert loaded.settings.theme == "dark" and loaded.settings.memory_mb == 256
    assert "memory_mb" in loaded.problems[0]


def test_an_administrator_can_lock_a_setting(isolated_home):
    paths = AppPaths.discover().ensure()
    paths.system_config_dir.mkdir(parents=True, exist_ok=True)
    paths.system_settings_file.write_text('locked = ["backend"]\nbackend = "piston"\n')
    paths.settings_file.write_text('backend = "local"\n')
    loaded = load_settings(paths, {"CODEMENTOR_BACKEND": "local"})
    assert loaded.settings.backend == "piston"


def test_settings_round_trip(isolated_home):
    loaded = load_settings()
    loaded.settings.theme = "dark"
    loaded.settings.font_size = 14
    save_settings(loaded)
    again = load_settings()
    assert again.settings.theme == "dark" and again.settings.font_size == 14 and again.problems == []


def test_credentials_fall_back_to_the_session_and_never_to_a_file(isolated_home):
    credentials = Credentials(environ={}, use_keyring=False)
    assert credentials.set("llm", "sk-123") == "session only"
    assert credentials.get("llm") == "sk-123"
    assert not any("sk-123" in p.read_text(errors="ignore") for p in isolated_home.rglob("*") if p.is_file())
    assert Credentials(environ={"CODEMENTOR_LLM_API_KEY": "sk-env"}, use_keyring=False).get("llm") == "sk-env"


def test_migrations_reach_head(tmp_path):
    database = Database.open(sqlite_url(tmp_path / "x.sqlite3"))
    assert database.current_revision() == HEAD_REVISION
    newest = sorted(p.name for p in (MIGRATIONS / "versions").glob("*.py"))[-1]
    assert newest.startswith(HEAD_REVISION)
    assert database.learner_id("ada") == database.learner_id("ada")
    database.close()


def test_a_damaged_database_is_kept_and_reported_never_reset(tmp_path):
    path = tmp_path / "x.sqlite3"
    Database.open(sqlite_url(path)).close()
    path.write_bytes(b"this is not sqlite" * 500)
    with pytest.raises(DatabaseCorrupt) as caught:
        Database.open(sqlite_url(path))
    assert caught.value.backup.exists() and str(caught.value.backup) in str(caught.value)
    assert path.read_bytes().startswith(b"this is not sqlite")  # untouched
    moved = set_aside(path)
    assert moved.exists() and not path.exists()
    fresh = Database.open(sqlite_url(path))
    assert fresh.current_revision() == HEAD_REVISION
    fresh.close()
    with sqlite3.connect(path) as connection:
        assert connection.execute("select count(*) from learners").fetchone() == (0,)
