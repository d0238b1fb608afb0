#!/usr/bin/env python3
"""Mutation testing: applies mutants to a copy of the package, builds, runs the suites that
cover the mutated folder, and prints the score (killed / mutants that build).

Two sets of mutants:
- named: the eight an earlier review found surviving, each with the rule that should catch it;
- chosen by rule, not by hand: in each source folder, its files sorted by path, every binary
  comparison (` < `, ` <= `, ` > `, ` >= `, ` == `, ` != `) outside comments, in file and line
  order; four of them, at positions 0, n/4, n/2 and 3n/4 of the n found, each flipped
  (`<` and `>=`, `<=` and `>`, `==` and `!=` swap).

A mutant is killed when its suites fail (or hang past the timeout); one that does not compile is
stillborn and left out of the score. Usage: Benchmarks/mutants.sh [--list] [NAME-SUBSTRING]
"""
import os, re, shutil, signal, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = os.path.join("Sources", "PoseMatrix")
FOLDERS = ["Support", "Model", "Scan", "Matrix", "Runner", "Reports", "CommandLine"]
SUITES = {
    "Support": "InputRobustness|OutputSafety|JSON5Reader|SharedRecords|ReportSnapshot|CommandLine",
    "Model": "SceneModel|CallbackModel|PresentationModel|RegionModel|LayoutModel|SessionModel|HonestModel|StateKey|"
    + "Definition|NamedRule|Exploration|DeviceTable",
    "Scan": "Scan|NamedRule",
    "Matrix": "MatrixValidation|JSON5Reader|Schema|ExampleMatrix|Adversarial|GeometryExpectation|Pinned|StrictJSON|NamedRule|"
    + "ChecklistRule",
    "Runner": "Plan|Runner|Exploration|Gate|PoseVerdict|Baseline|NamedRule|Pinned|ShardVerdict",
    "Reports": "ReportSnapshot|JUnit|FailureDigest|Baseline|SharedRecords|OutputSafety|ReportSwitch|InvariantSignoff|"
    + "VerdictAgreement|ShardVerdict|Pinned|NamedRule|ChecklistRule|HTMLReport",
    "CommandLine": "CommandLine|Completion|Workflow|Interruption|Release|Nightly|Gate|BaselineAcross|ExplorationReport|Trend|"
    + "ScanTests",
}
NAMED = [
    ("inner hand-off 108 -> 105", "Model/DeviceFact+Rows.swift", '.measured("hinge.innerHold", .number(108)',
     '.measured("hinge.innerHold", .number(105)'),
    ("inferred() keeps Apple's word", "Model/Observation.swift",
     "guard value != nil, provenance == .apple || provenance == .measured else",
     "guard value != nil, provenance == .measured else"),
    ("reorder bound jobs*4 -> jobs*5", "Runner/Runner.swift", "finished.count + inFlight < jobs * 4",
     "finished.count + inFlight < jobs * 5"),
    ("mirroring window 3 -> 2 lines", "Scan/SourceFacts+Camera.swift", "tables.tokens(onLines: line - 3, line)",
     "tables.tokens(onLines: line - 2, line)"),
    (".mm files not read", "Scan/SourceTree.swift", '".m", ".mm", ".h"', '".m", ".h"'),
    ("position == .front chooses a camera", "Scan/SourceFacts+Camera.swift",
     'return file[before] == "filter" ||', 'return true || file[before] == "filter" ||'),
    ("merge accepts a different --strict", "Reports/ShardSet.swift", "(other.strict != first.strict,",
     "(false && other.strict != first.strict,"),
    ("pinned pass signed off", "Reports/SignoffEvidence.swift", "if let pin = result.pinned {",
     "if let pin = result.pinned, false {"),
]
FLIP = {"<": ">=", ">=": "<", "<=": ">", ">": "<=", "==": "!=", "!=": "=="}
COMPARISON = re.compile(r"(?<=[\w)\]\"]) (<=|>=|==|!=|<|>) (?=[\w(.\"\[-])")


def chosen():
    """Four flipped comparisons per folder, at the quarter points of its sites."""
    mutants = []
    for folder in FOLDERS:
        sites = []
        base = os.path.join(ROOT, SOURCES, folder)
        for name in sorted(os.listdir(base)):
            if not name.endswith(".swift"):
                continue
            for number, line in enumerate(open(os.path.join(base, name), encoding="utf-8"), 1):
                code = line.split("//")[0]
                for match in COMPARISON.finditer(code):
                    sites.append((f"{folder}/{name}", number, match.start(1), match.group(1), line))
        for position in (0, len(sites) // 4, len(sites) // 2, 3 * len(sites) // 4):
            path, number, column, operator, line = sites[position]
            mutated = line[:column] + FLIP[operator] + line[column + len(operator):]
            mutants.append((f"{path}:{number} {operator} -> {FLIP[operator]}", path, line, mutated, number))
    return mutants


def run(command, cwd, timeout):
    """The command's exit code, or None when it ran past `timeout` (then its whole process group
    is killed: `swift test` leaves its test binary running otherwise, and a mutant that loops
    forever would hold a core for the rest of the run)."""
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    try:
        return process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        return None


def main():
    mutants = [(name, path, old, new, None) for name, path, old, new in NAMED] + chosen()
    wanted = [a for a in sys.argv[1:] if not a.startswith("--")]
    if wanted:
        mutants = [m for m in mutants if any(w in m[0] for w in wanted)]
    if "--list" in sys.argv:
        for m in mutants:
            print(m[0])
        return 0
    work = os.environ.get("MUTANTS_DIR", "/tmp/duo-pose-mutants")
    if not os.path.isdir(work):
        # The package without its build, history and the reports runs write (Sources/…/Reports stays).
        def ignored(folder, names):
            top = os.path.abspath(folder) == ROOT
            return [n for n in names if n in (".build", ".git") or (top and n == "Reports")]

        shutil.copytree(ROOT, work, ignore=ignored)
    print(f"building the copy in {work} once…", flush=True)
    if run(["swift", "build", "--build-tests"], work, 3600) != 0:
        print("the unmutated copy does not build")
        return 2
    killed, survived, stillborn = [], [], []
    for name, path, old, new, number in mutants:
        file = os.path.join(work, SOURCES, path)
        text = open(file, encoding="utf-8").read()
        if number is not None:
            # A chosen site is a line: mutate that line, even where the same text occurs twice.
            lines = text.splitlines(keepends=True)
            mutated = "".join(lines[:number - 1] + [new] + lines[number:])
        elif text.count(old) == 1:
            mutated = text.replace(old, new)
        else:
            print(f"?? {name}: the text to mutate is not found once in {path}")
            stillborn.append(name)
            continue
        open(file, "w", encoding="utf-8").write(mutated)
        start = time.time()
        try:
            if run(["swift", "build", "--build-tests"], work, 1800) != 0:
                stillborn.append(name)
                verdict = "stillborn (does not build)"
            else:
                folder = path.split("/")[0]
                code = run(["swift", "test", "--skip-build", "--filter", SUITES[folder]], work, 600)
                (killed if code != 0 else survived).append(name)
                verdict = "killed" if code != 0 else "SURVIVED"
        finally:
            open(file, "w", encoding="utf-8").write(text)
        print(f"{verdict:28} {name} ({time.time() - start:.0f} s)", flush=True)
    scored = len(killed) + len(survived)
    print(f"\nscore: {len(killed)} of {scored} killed ({100 * len(killed) / max(1, scored):.0f} %); "
          f"{len(stillborn)} stillborn")
    for name in survived:
        print(f"survived: {name}")
    run(["swift", "build", "--build-tests"], work, 3600)
    return 0 if scored and len(killed) / scored >= 0.9 else 1


if __name__ == "__main__":
    sys.exit(main())
