"""Classroom 50 autograder for one day of the agent course.

Built by `pnpm classroom classroom50 <day> --out DIR`; DIR goes to
CLASSROOM/autograders/ASSIGNMENT/ in the classroom50 repository. Beside this file:
assignment.json (the day and its checks) and kit/ (the student template: the grader,
the packages, the starter; no solutions). The runner starts this script in the
student's checkout and reads ./result.json afterwards, and ./release-body.md as the body of the
submission's Release: when there is none it renders a bare PASS/FAIL table from result.json,
without any test's message (runner.py's finalize_result and render_release_body, in
foundation50/classroom50 cli/gh-teacher/skeleton/dotgithub/scripts/runner.py; the wiki's
"Advanced Autograding", Contract). What this script prints is the job's log.

Only the student's labs/<day>/src is taken from the checkout: the grader, the packages
and package.json come from kit/, so editing them in a student repository changes nothing.
"""

import datetime
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ASSIGNMENT = json.loads((HERE / "assignment.json").read_text())
DAY = ASSIGNMENT["day"]
CHECKS = ASSIGNMENT["checks"]
# The class's limits (CLASS_LIMITS in packages/course): how long installing and grading may take
# before the run counts as broken infrastructure, both well inside Classroom 50's 15-minute job.
# Each check's own limit is the grader's for a submission.
LIMITS = ASSIGNMENT["limits"]
# How much of the grader's own error output a failed run quotes.
ERROR_TAIL_CHARS = 2000


def utc(moment):
    return moment.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def submission_instant():
    """The graded commit's committer date, so a regrade never moves a submission's time."""
    found = subprocess.run(
        ["git", "log", "-1", "--format=%cI", "HEAD"], capture_output=True, text=True, check=False
    )
    try:
        return utc(datetime.datetime.fromisoformat(found.stdout.strip()))
    except ValueError:
        return utc(datetime.datetime.now(datetime.timezone.utc))


def copy_student_src(source, target):
    """Copies regular files and folders only: a symbolic link could point anywhere on the runner."""
    skipped = []
    target.mkdir(parents=True)
    for entry in sorted(source.iterdir()):
        if entry.is_symlink():
            skipped.append(entry.name)
        elif entry.is_dir():
            skipped += [f"{entry.name}/{name}" for name in copy_student_src(entry, target / entry.name)]
        elif entry.is_file():
            shutil.copyfile(entry, target / entry.name)
    return skipped


def tests_from(reason):
    """One test per check, one point each, every check failed for `reason`: grading could not run."""
    return [
        {
            "test-name": check["name"],
            "passed": False,
            "score": 0,
            "max-score": 1,
            "message": reason,
        }
        for check in CHECKS
    ]


def write_result(tests, release_body, log):
    """Writes result.json and release-body.md for the runner, and prints the report to the log."""
    environment = os.environ
    result = {
        "schema": "classroom50/result/v1",
        "classroom": environment.get("CLASSROOM", ""),
        "assignment": environment.get("ASSIGNMENT", ""),
        "submission": environment.get("SUBMISSION_TAG", ""),
        "commit": environment.get("COMMIT_URL", ""),
        "release": environment.get("RELEASE_URL", ""),
        "review": environment.get("REVIEW_URL") or environment.get("COMMIT_URL", ""),
        "datetime": submission_instant(),
        "graded_at": utc(datetime.datetime.now(datetime.timezone.utc)),
        "score": sum(test["score"] for test in tests),
        "max-score": sum(test["max-score"] for test in tests),
        "tests": tests,
    }
    Path("result.json").write_text(json.dumps(result, indent=2) + "\n")
    Path("release-body.md").write_text(release_body)
    for line in log.splitlines():
        # GitHub reads a line starting with :: as a workflow command; the report's lines are text.
        print(f"  {line}" if line.startswith("::") else line)


def failed_body(reason):
    """The Release's body when grading could not run: the score and why."""
    return f"### {DAY}: 0/{len(CHECKS)} checks passed\n\n{reason}\n"


def infrastructure_error(message):
    """The runner turns a non-zero exit into an error result: only for what the student cannot cause."""
    print(f"::error::{message}", file=sys.stderr)
    sys.exit(1)


def run_in_kit(command, kit, timeout, what):
    """Runs a command in the kit with its output captured; running out of time is the runner's fault."""
    try:
        return subprocess.run(
            command, cwd=kit, capture_output=True, text=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired:
        infrastructure_error(f"{what} did not finish in {timeout} s")


def main():
    student_src = Path("labs") / DAY / "src"
    if not (student_src / "index.ts").is_file():
        reason = f"no labs/{DAY}/src/index.ts in the submission: commit your work in labs/{DAY}/src"
        write_result(tests_from(reason), release_body=failed_body(reason), log=reason)
        return
    if shutil.which("pnpm") is None:
        installed = subprocess.run(["npm", "install", "-g", "pnpm@10"], check=False)
        if installed.returncode != 0:
            infrastructure_error("could not install pnpm; set \"node\" in the assignment's runtime block")

    work = Path(tempfile.mkdtemp(prefix="agent-course-autograde-"))
    try:
        kit = work / "kit"
        shutil.copytree(HERE / "kit", kit, symlinks=True)
        # The kit is world-readable, so a grader that runs as root can hand student code to nobody.
        os.chmod(work, 0o755)
        installed = run_in_kit(
            ["pnpm", "install", "--frozen-lockfile", "--prefer-offline"],
            kit=kit,
            timeout=LIMITS["installSeconds"],
            what="pnpm install",
        )
        if installed.returncode != 0:
            # pnpm writes its errors to stdout, so both streams are quoted.
            said = (installed.stdout + installed.stderr).strip()[-ERROR_TAIL_CHARS:]
            infrastructure_error(f"pnpm install failed: {said}")

        lab_src = kit / "labs" / DAY / "src"
        shutil.rmtree(lab_src)
        skipped = copy_student_src(student_src, lab_src)
        if skipped:
            print(f"Symbolic links are not graded and were left out: {', '.join(skipped)}")
        graded = run_in_kit(
            [
                # An absolute --lab: the grader reads a relative one from INIT_CWD when a
                # package manager started this script, not from the kit.
                # `pnpm grade`'s own command: the grader compiled, without a TypeScript loader.
                *["node", "grader/src/grade-command.mjs", DAY, "--lab", str(kit / "labs" / DAY)],
                # The report a student reads, as `pnpm grade` prints it, and result.json's tests.
                *["--timeout", str(LIMITS["checkSeconds"]), "--format", "classroom50"],
            ],
            kit=kit,
            timeout=LIMITS["gradeSeconds"],
            what="the grader",
        )
        try:
            report = json.loads(graded.stdout)
        except json.JSONDecodeError:
            infrastructure_error(f"the grader printed no report: {graded.stderr[-ERROR_TAIL_CHARS:]}")
        write_result(report["tests"], release_body=report["releaseBody"], log=report["log"])
    finally:
        shutil.rmtree(work, ignore_errors=True)


main()
