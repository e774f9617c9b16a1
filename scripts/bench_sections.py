"""Shared by the benchmark reports: each owns one section of BENCHMARKS.md between its own
markers and rewrites only that section, keeping the rest of the file."""
import os
import subprocess


def replace_section(path, start, end, section, after=None):
    """Puts `section` (which begins with `start` and ends with `end`) in place of the old one;
    a first run inserts it after the `after` marker when present, else at the end."""
    text = open(path).read() if os.path.exists(path) else "# Benchmarks\n"
    if start in text and end in text:
        before, rest = text.split(start, 1)
        text = before + section + rest.split(end, 1)[1]
    elif after and after in text:
        before, rest = text.split(after, 1)
        text = before + after + "\n\n" + section + "\n" + rest
    else:
        text = text.rstrip("\n") + "\n\n" + section + "\n"
    with open(path, "w") as out:
        out.write(text)


def machine():
    """(CPU model, core count) of this machine."""
    model = "?"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return model, os.cpu_count()


def load_note():
    """How busy the machine was when the run ended, and the run's nice value: other work on the
    same cores inflates latencies, so a report says so."""
    load1 = os.getloadavg()[0]
    niceness = os.nice(0)
    note = f"1-minute load average {load1:.1f} on {os.cpu_count()} cores at the end of the run"
    if niceness:
        note += f", run at nice {niceness}"
    return note


def git(*args):
    try:
        return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def commit():
    # The report itself (BENCHMARKS.md, rewritten by earlier runs) does not change what was measured.
    dirty = " with uncommitted changes" if git("status", "--porcelain", "--", ".", ":!BENCHMARKS.md") else ""
    return git("rev-parse", "--short", "HEAD") + dirty
