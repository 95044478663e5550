import re
import sqlite3
import tomllib

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
from codementor_desktop.storage.settings import Settings, load_settings, save_settings, settings_table
from codementor_desktop.storage.settings_file import key_lines, to_toml
from tests.conftest import REPO


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


def test_a_malformed_line_is_reported_with_its_line_and_the_others_are_used(isolated_home):
    # The README promises per key: a bad line costs that line, not the theme above it.
    paths = AppPaths.discover().ensure()
    paths.settings_file.write_text('theme = "dark"\nbackend = \n')
    loaded = load_settings(paths, {})
    assert loaded.settings == Settings(user=loaded.settings.user, theme="dark")
    assert len(loaded.problems) == 1
    assert loaded.problems[0].startswith(f"{paths.settings_file}, line 2: `backend =` cannot be read (Invalid value")


def test_values_over_several_lines_tables_and_bad_lines_among_them(isolated_home):
    paths = AppPaths.discover().ensure()
    paths.settings_file.write_text(
        "llm_cloud_consent = [\n"
        '  "https://api.example.org",\n'
        "  # a comment inside the array\n"
        '  "https://other.example.org",\n'
        "]\n"
        "llm_model = '''\nmodel-x'''\n"
        "font_size = 14 14\n"
        'piston_url = """\n[not a table]\nhttps://piston.example.org"""\n'
        "[rate_limits.analysis]\n"
        "calls = 5\n"
        "per_seconds = sixty\n"
        "[rate_limits.escalation\n"
        "calls = 1\n"
        "per_seconds = 1\n"
        "[rate_limits.recommendation]\n"
        "calls = 7\n"
        "per_seconds = 70\n"
        "calls = 8\n"
    )
    loaded = load_settings(paths, {})
    settings = loaded.settings
    assert settings.llm_cloud_consent == ["https://api.example.org", "https://other.example.org"]
    assert settings.llm_model == "model-x" and settings.font_size == 11
    assert settings.piston_url == "[not a table]\nhttps://piston.example.org"
    assert settings.rate_limits["recommendation"].calls == 7
    assert settings.rate_limits["escalation"].calls == 20  # under a header that cannot be read: not moved elsewhere
    lines = [problem.split(": ", 1)[0].rsplit("line ", 1)[1] for problem in loaded.problems]
    assert lines[:6] == ["8", "14", "15", "16", "17", "21"], loaded.problems
    assert "the table header on line 15 cannot be read" in loaded.problems[3]
    assert "'rate_limits.recommendation.calls' is set twice; the first one is used" in loaded.problems[5]
    # The half-given analysis limit (calls without per_seconds) is its own mistake, said after.
    assert "rate_limits.analysis" in loaded.problems[6]


def test_a_mistake_inside_an_array_over_several_lines_is_one_problem(isolated_home):
    paths = AppPaths.discover().ensure()
    paths.settings_file.write_text(
        'llm_cloud_consent = [\n  "https://a.example.org",\n  https://b.example.org,\n]\n\ntheme = "dark"\n'
    )
    loaded = load_settings(paths, {})
    assert loaded.settings.theme == "dark" and loaded.settings.llm_cloud_consent == []
    assert loaded.problems == [
        f"{paths.settings_file}, lines 1 to 4: `llm_cloud_consent = [` cannot be read (Invalid value at line 3, "
        "column 3); those lines are ignored, the file's other settings are used"
    ]
    loaded.settings.font_size = 13
    save_settings(loaded)  # the whole array is kept as comments, for the person to fix
    text = paths.settings_file.read_text()
    assert text.count("# not understood, ignored: ") == 4 and 'theme = "dark"' in text
    assert load_settings(paths, {}).problems == []


def test_a_line_the_system_file_cannot_read_keeps_its_locks(isolated_home):
    """In a lab, a typo in the administrator's file must not unlock or forget the shared database."""
    paths = AppPaths.discover().ensure()
    paths.system_config_dir.mkdir(parents=True, exist_ok=True)
    paths.system_settings_file.write_text(
        'database_url = "sqlite:////srv/lab/shared.sqlite3"\nlocked = ["database_url"]\ntheme = dar k\n'
    )
    paths.settings_file.write_text('database_url = ""\n')
    loaded = load_settings(paths, {})
    assert loaded.settings.database_url == "sqlite:////srv/lab/shared.sqlite3"
    assert loaded.problems[0].startswith(f"{paths.system_settings_file}, line 3: `theme = dar k` cannot be read")
    assert "'database_url' is locked by the administrator" in loaded.problems[1]


def test_a_bad_value_falls_back_to_its_default_only(isolated_home):
    paths = AppPaths.discover().ensure()
    paths.settings_file.write_text('theme = "dark"\nmemory_mb = 100000\n')
    loaded = load_settings(paths, {})
    assert loaded.settings.theme == "dark" and loaded.settings.memory_mb == 256
    assert loaded.problems == [
        f"{paths.settings_file}, line 2: setting 'memory_mb': Input should be less than or equal to 512"
        " (got 100000); using its default (256)"
    ]


def test_a_misspelt_key_is_reported_with_its_line_and_the_key_it_may_mean(isolated_home):
    paths = AppPaths.discover().ensure()
    paths.settings_file.write_text('# my settings\ntheme = "dark"\n\nbakend = "piston"\n')
    loaded = load_settings(paths, {})
    assert loaded.settings.backend == "local" and loaded.settings.theme == "dark"
    assert loaded.problems == [
        f"{paths.settings_file}, line 4: unknown setting 'bakend' (did you mean 'backend'?); ignored"
    ]


def test_a_value_of_the_wrong_type_is_reported_with_its_line(isolated_home):
    paths = AppPaths.discover().ensure()
    paths.settings_file.write_text('font_size = 14\ntimeout_seconds = "abc"\ntimeout = 3\n')
    loaded = load_settings(paths, {})
    assert loaded.settings.timeout_seconds == 5.0 and loaded.settings.font_size == 14
    assert len(loaded.problems) == 2
    assert loaded.problems[0].startswith(f"{paths.settings_file}, line 3: unknown setting 'timeout'")
    assert loaded.problems[1].startswith(f"{paths.settings_file}, line 2: setting 'timeout_seconds': Input should be")
    assert "(got 'abc'); using its default (5.0)" in loaded.problems[1]


def test_a_bad_environment_variable_is_reported_by_name(isolated_home):
    loaded = load_settings(None, {"CODEMENTOR_MEMORY_MB": "lots", "CODEMENTOR_HOME": str(isolated_home)})
    assert loaded.settings.memory_mb == 256
    assert loaded.problems[0].startswith("environment variable CODEMENTOR_MEMORY_MB: setting 'memory_mb'")


def test_one_rate_limit_changes_alone_and_mistakes_in_limits_are_reported(isolated_home):
    paths = AppPaths.discover().ensure()
    paths.settings_file.write_text(
        "[rate_limits.analysis]\ncalls = 5\nper_seconds = 60\n\n"
        "[rate_limits.escalation]\ncalls = 0\nper_seconds = 60\n\n"
        "[rate_limits.execution_locl]\ncalls = 1\nper_seconds = 1\n"
    )
    loaded = load_settings(paths, {})
    limits = loaded.settings.rate_limits
    assert (limits["analysis"].calls, limits["analysis"].per_seconds) == (5, 60)
    assert limits["escalation"].calls == 20 and limits["execution_local"].calls == 200
    assert len(loaded.problems) == 2
    assert loaded.problems[0].startswith(f"{paths.settings_file}, line 6: setting 'rate_limits.escalation.calls'")
    assert loaded.problems[1].startswith(f"{paths.settings_file}, line 9: unknown rate limit 'execution_locl'")


def test_a_locked_key_in_the_users_file_is_reported(isolated_home):
    paths = AppPaths.discover().ensure()
    paths.system_config_dir.mkdir(parents=True, exist_ok=True)
    paths.system_settings_file.write_text('locked = ["backend"]\n')
    paths.settings_file.write_text('backend = "piston"\n')
    loaded = load_settings(paths, {})
    assert loaded.settings.backend == "local"
    assert loaded.problems == [f"{paths.settings_file}, line 1: 'backend' is locked by the administrator; ignored"]


def test_key_lines_follow_tables_dotted_and_quoted_keys():
    text = 'a = 1\n[t]\nb.c = 2\n"d e" = 3\n\n[[arr]]\nx = 1\n[t.sub]  # comment\ny = {z = 1}\n'
    assert key_lines(text) == {"a": 1, "t": 2, "t.b.c": 3, "t.d e": 4, "arr": 6, "arr.x": 7, "t.sub": 8, "t.sub.y": 9}


def test_written_settings_are_toml_that_reads_back():
    values = {"theme": "dark", "rate_limits": {"analysis": {"calls": 5, "per_seconds": 60}}, "t": {"plain": True}}
    assert tomllib.loads(to_toml(values)) == values


def test_the_readme_lists_every_setting_with_its_default():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    table = settings_table()
    assert table in readme, (
        "README.md's settings table is out of date; paste the output of\n"
        "uv run python -c 'from codementor_desktop.storage.settings import settings_table; print(settings_table())'"
    )
    listed = set(re.findall(r"^\| `([a-z_]+)(?:\.[a-z_]+)?` \|", table, re.MULTILINE))
    assert listed == set(Settings.model_fields)


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


def test_migrations_reach_head(backend):
    database = backend.open()
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
    assert "codementor data reset" in str(caught.value)
    assert path.read_bytes().startswith(b"this is not sqlite")  # untouched
    moved = set_aside(path)
    assert moved == caught.value.backup and not path.exists()  # the copy kept is the only one
    fresh = Database.open(sqlite_url(path))
    assert fresh.current_revision() == HEAD_REVISION
    fresh.close()
    with sqlite3.connect(path) as connection:
        assert connection.execute("select count(*) from learners").fetchone() == (0,)


def test_one_copy_per_damage(tmp_path):
    path = tmp_path / "x.sqlite3"
    path.write_bytes(b"first damage" * 500)
    backups = set()
    for _ in range(3):
        with pytest.raises(DatabaseCorrupt) as caught:
            Database.open(sqlite_url(path))
        backups.add(caught.value.backup)
    path.write_bytes(b"another damage" * 500)
    with pytest.raises(DatabaseCorrupt) as caught:
        Database.open(sqlite_url(path))
    backups.add(caught.value.backup)
    assert len(backups) == 2 and sorted(tmp_path.glob("x.sqlite3.damaged-*")) == sorted(backups)


def test_setting_aside_takes_the_write_ahead_log_along(tmp_path):
    path = tmp_path / "x.sqlite3"
    database = Database.open(sqlite_url(path))
    database.learner_id("ada")
    database.close()
    for suffix in ("-wal", "-shm"):  # as a crash leaves them
        path.with_name(path.name + suffix).write_bytes(b"old log")
    kept = set_aside(path)
    assert kept.name.startswith("x.sqlite3.set-aside-")
    assert not any(tmp_path.glob("x.sqlite3-*")) and kept.with_name(kept.name + "-wal").exists()


def test_a_learner_created_at_once_by_two_threads_and_two_openers_is_one_learner(backend):
    """The drafts' writer thread and the window, or two lab machines on one database, may both
    create a learner first: everyone gets the one row, and nobody an IntegrityError."""
    import threading

    openers = [backend.open(), backend.open()]
    start = threading.Barrier(8)
    ids: list[int] = []
    errors: list[BaseException] = []

    def ask(database: Database, name: str) -> None:
        start.wait()
        try:
            ids.append(database.learner_id(name))
        except BaseException as error:  # noqa: BLE001 - the test reports what any thread raised
            errors.append(error)

    threads = [threading.Thread(target=ask, args=(openers[i % 2], "ada")) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(set(ids)) == 1 and len(ids) == 8
    # the race's loser reads the winner's row rather than failing
    late = backend.open()
    assert late.learner_id("ada") == ids[0]
    for database in (*openers, late):
        database.close()
