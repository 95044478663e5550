"""The dialog's pages and their rows: which setting goes where, under what name, with what note."""

from __future__ import annotations

from .fields import Spec, tr

NEXT_RUN = tr("for the next run")
AFTER_RESTART = tr("applies after restart")

# Settings whose change needs a new executor (the window's next run is on it).
RUNNER_SETTINGS = frozenset(
    {
        "backend",
        "piston_url",
        "piston_key_header",
        "node_path",
        "containment_namespaces",
        "containment_landlock",
        "containment_seccomp",
        "key:piston",
    }
)

PAGES: tuple[tuple[str, tuple[Spec, ...]], ...] = (
    (
        tr("Execution"),
        (
            Spec(
                "backend",
                tr("Run code"),
                "choice",
                (
                    ("local", tr("On this computer, in a restricted process")),
                    ("piston", tr("On a Piston server")),
                ),
                note=NEXT_RUN,
            ),  # fmt: skip
            Spec("piston_url", tr("Piston server"), "url", placeholder="http://localhost:2000"),
            Spec("key:piston", tr("Piston key"), "secret", placeholder=tr("none (kept in the keyring)")),
            Spec("piston_key_header", tr("Key header"), "text", placeholder="Authorization"),
            Spec("node_path", tr("Node.js program"), "text", placeholder=tr("node, from the PATH"), note=NEXT_RUN),
            Spec("containment_namespaces", tr("Own namespaces for each run"), "check"),
            Spec("containment_landlock", tr("Fence files and sockets (Landlock)"), "check"),
            Spec("containment_seccomp", tr("Refuse new processes (seccomp)"), "check"),
        ),
    ),
    (
        tr("Limits"),
        (
            Spec("timeout_seconds", tr("Time per test"), "number", unit=tr("seconds")),
            Spec("run_seconds", tr("Time of a whole run"), "number", unit=tr("seconds")),
            Spec("memory_mb", tr("Memory"), "number", unit="MB"),
            Spec("output_kb", tr("Printed output"), "number", unit="KB"),
        ),
    ),
    (
        tr("Tutor"),
        (
            Spec("llm_base_url", tr("Endpoint"), "url", placeholder=tr("none: the offline coach"), note=AFTER_RESTART),
            Spec(
                "llm_model", tr("Fast model"), "text", placeholder=tr("the model for most answers"), note=AFTER_RESTART
            ),
            Spec(
                "llm_deep_model",
                tr("Deep model"),
                "text",
                placeholder=tr("none: the fast model thinks harder"),
                note=AFTER_RESTART,
            ),  # fmt: skip
            Spec("key:llm", tr("API key"), "secret", placeholder=tr("none (kept in the keyring)")),
            Spec("llm_deep_daily_calls", tr("Deep model calls"), "number", unit=tr("a day")),
            Spec(
                "llm_tool_set",
                tr("Tools the model sees"),
                "choice",
                (
                    ("auto", tr("Chosen by the model's context size")),
                    ("full", tr("All of them")),
                    ("reduced", tr("A reduced set, for small local models")),
                ),
            ),  # fmt: skip
            Spec("tutor_keep_insights", tr("Keep a session's insights in my profile"), "check"),
        ),
    ),
    (
        tr("Appearance"),
        (
            Spec("theme", tr("Theme"), "choice", (("light", tr("Light")), ("dark", tr("Dark")))),
            Spec("font_size", tr("Editor font size"), "number", unit="pt"),
        ),
    ),
    (
        tr("Data"),
        (
            Spec(
                "database_url",
                tr("Database"),
                "text",
                placeholder=tr("the SQLite file in the data folder"),
                note=AFTER_RESTART,
            ),  # fmt: skip
        ),
    ),
)

PAGE_NOTES = {
    tr("Execution"): tr("Where your code runs. A change takes effect with the next Run, Submit or Trace."),
    tr("Limits"): tr("How long and how large one run may be. They apply to the next run."),
    tr("Tutor"): tr(
        "An OpenAI-compatible server for the tutor; with none, the offline coach answers. "
        "Keys go to the system keyring, never to a file."
    ),
    tr("Appearance"): tr("The theme and the editor's font change at once."),
    tr("Data"): tr("Your drafts, runs and own problems live in this folder."),
}
