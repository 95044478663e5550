"""The Windows and macOS paths, tested here through their pure parts."""

import ctypes

from codementor_desktop.runner import platform_limits as pl


def test_job_object_limits_hold_memory_cpu_and_one_process():
    info = pl.extended_limits_for({"memory_mb": 256, "cpu_seconds": 7})
    flags = info.BasicLimitInformation.LimitFlags
    assert flags & pl.JOB_OBJECT_LIMIT_PROCESS_MEMORY
    assert flags & pl.JOB_OBJECT_LIMIT_ACTIVE_PROCESS and info.BasicLimitInformation.ActiveProcessLimit == 1
    assert flags & pl.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
    assert flags & pl.JOB_OBJECT_LIMIT_PROCESS_TIME
    assert info.BasicLimitInformation.PerProcessUserTimeLimit == 7 * 10_000_000
    assert info.ProcessMemoryLimit == (256 + 64) * 1024 * 1024


def test_job_object_structure_has_the_windows_layout():
    # JOBOBJECT_EXTENDED_LIMIT_INFORMATION is 144 bytes on 64-bit Windows
    if ctypes.sizeof(ctypes.c_void_p) == 8:
        assert ctypes.sizeof(pl.ExtendedLimits) == 144


def test_job_object_keeps_learner_code_out_of_the_users_session():
    restrictions = pl.ui_restrictions().UIRestrictionsClass
    for flag in (
        pl.JOB_OBJECT_UILIMIT_READCLIPBOARD,
        pl.JOB_OBJECT_UILIMIT_WRITECLIPBOARD,
        pl.JOB_OBJECT_UILIMIT_HANDLES,
        pl.JOB_OBJECT_UILIMIT_DESKTOP,
        pl.JOB_OBJECT_UILIMIT_EXITWINDOWS,
    ):
        assert restrictions & flag
    assert ctypes.sizeof(pl.UiRestrictions) == 4  # JOBOBJECT_BASIC_UI_RESTRICTIONS is one DWORD


def test_no_cpu_limit_leaves_the_flag_off():
    info = pl.extended_limits_for({"memory_mb": 64})
    assert not info.BasicLimitInformation.LimitFlags & pl.JOB_OBJECT_LIMIT_PROCESS_TIME


def test_watchdog_only_on_macos():
    assert pl.needs_memory_watchdog("darwin")
    assert not pl.needs_memory_watchdog("linux")
    assert not pl.needs_memory_watchdog("win32")


def test_watchdog_trips_past_the_limit_and_reports_the_peak():
    readings = iter([10_000, 50_000, 300_000])
    killed = []
    dog = pl.MemoryWatchdog(123, 256, read_kb=lambda pid: next(readings), on_exceeded=lambda: killed.append(1))
    assert not dog.check_once() and not dog.check_once()
    assert dog.check_once() and dog.exceeded and killed == [1]
    assert dog.peak_kb == 300_000


def test_watchdog_thread_stops_on_its_own():
    dog = pl.MemoryWatchdog(1, 1, read_kb=lambda pid: 4096, interval=0.001)
    dog.start()
    dog._thread.join(timeout=5)
    assert dog.exceeded and not dog._thread.is_alive()


def test_resident_memory_of_this_process_is_readable_by_ps():
    import os
    import shutil

    if shutil.which("ps") is None:
        return
    assert (pl.resident_kb_by_ps(os.getpid()) or 0) > 1000
