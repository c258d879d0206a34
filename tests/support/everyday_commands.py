"""Everyday commands a coding assistant runs, and the small project they run in.

Why it exists: the gate must not turn a sandboxed assistant into a prompt machine. Issue 12 asks
that the commands people see an assistant run all day (listing, reading, searching, git
inspection, counting, small loops) run without a prompt once an operating-system sandbox enforces
containment, and that each of them still *works* inside it. The list is shared by the test
(``tests/integration/test_everyday_commands.py``) and by ``benchmarks/everyday_commands.py``,
which prints the before/after counts recorded in ``docs/performance.md``.

Each entry is ``(cwd, command)``: ``cwd`` is the run_command argument (``"workspace"`` or
``"sandbox"``). Every command here must succeed (exit code 0) in :func:`make_project`'s layout.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

W = "workspace"
S = "sandbox"

EVERYDAY: tuple[tuple[str, str], ...] = (
    # -- looking around
    (W, "ls"),
    (W, "ls -la"),
    (W, "ls -l src"),
    (W, "ls *.md"),
    (W, "ls -1 src/*.py"),
    (W, "ls -R"),
    (W, "ls -lh docs"),
    (W, "ls -a"),
    (W, "pwd"),
    (W, "tree -L 2"),
    (W, "find . -name '*.py'"),
    (W, "find . -type f | sort"),
    (W, "find src -type d"),
    (W, "find . -name '*.md' -not -path './.git/*'"),
    (W, "find . -maxdepth 1 -type f"),
    (W, "find . -newer README.md -type f"),
    (W, "find . -size +0 -name '*.py'"),
    (W, "du -sh src"),
    (W, "du -a docs"),
    (W, "df -h ."),
    (W, "stat README.md"),
    (W, "file README.md"),
    (W, "file src/*.py"),
    (W, "wc -l src/*.py"),
    (W, "wc -c README.md"),
    (W, "wc -w docs/guide.md"),
    (W, "realpath src/app.py"),
    (W, "basename src/app.py"),
    (W, "dirname src/app.py"),
    (W, "test -f README.md"),
    (W, "[ -d src ]"),
    (W, "test -e src/app.py && echo yes"),
    (W, "[ -f setup.cfg ] || echo no"),
    # -- reading
    (W, "cat README.md"),
    (W, "cat src/app.py src/util.py"),
    (W, "head README.md"),
    (W, "head -n 5 src/app.py"),
    (W, "head -20 docs/guide.md"),
    (W, "tail src/app.py"),
    (W, "tail -n 3 notes.txt"),
    (W, "tail -5 data.csv"),
    (W, "sed -n '1,5p' src/app.py"),
    (W, "sed -n '2p' data.csv"),
    (W, "nl -ba src/util.py"),
    (W, "cat -n README.md"),
    (W, "less -FX README.md"),
    (W, "od -c notes.txt | head"),
    (W, "xxd data.bin | head"),
    (W, "tac notes.txt"),
    (W, "rev notes.txt"),
    (W, "cut -d, -f1 data.csv"),
    (W, "cut -c1-10 README.md"),
    (W, "column -t -s, data.csv"),
    (W, "sort data.csv"),
    (W, "sort -t, -k2 -n data.csv"),
    (W, "sort notes.txt | uniq"),
    (W, "sort notes.txt | uniq -c | sort -rn"),
    (W, "tr a-z A-Z < notes.txt"),
    (W, "awk '{print $1}' notes.txt"),
    (W, "awk -F, '{print $2}' data.csv"),
    (W, "awk -F, 'NR>1 {s+=$2} END {print s}' data.csv"),
    (W, "awk 'length > 10' notes.txt"),
    (W, "jq . data.json"),
    (W, "jq '.name' data.json"),
    (W, "jq -r '.items[]' data.json"),
    (W, "jq '.items | length' data.json"),
    (W, "python3 -m json.tool data.json"),
    # -- searching
    (W, "grep -rn 'def ' --include=*.py src"),
    (W, "grep -rn TODO ."),
    (W, "grep -n main src/app.py"),
    (W, "grep -c def src/*.py"),
    (W, "grep -ril readme ."),
    (W, "grep -rn import src | head"),
    (W, "grep -v '^#' notes.txt"),
    (W, "grep -E 'def (main|helper)' src/app.py"),
    (W, "grep -rw main src"),
    (W, "grep -rl 'import' src"),
    (W, "grep -A2 -B2 main src/app.py"),
    (W, "grep -o 'def [a-z_]*' src/app.py"),
    (W, "grep -q main src/app.py && echo found"),
    (W, "find . -name '*.py' | xargs grep -n main"),
    (W, "find src -name '*.py' -exec grep -l def {} +"),
    (W, "find . -name '*.py' | xargs wc -l"),
    (W, "find . -type f -name '*.md' | wc -l"),
    (W, "ls src | grep app"),
    (W, "cat data.csv | grep alice"),
    (W, "cat src/app.py | wc -l"),
    (W, "grep -rn 'TODO' . | wc -l"),
    (W, "grep -h import src/*.py | sort | uniq"),
    # -- comparing and checksums
    (W, "diff src/app.py src/app.py"),
    (W, "diff -u notes.txt notes.txt"),
    (W, "cmp README.md README.md"),
    (W, "md5sum README.md"),
    (W, "sha256sum src/*.py"),
    (W, "cksum notes.txt"),
    (W, "diff <(sort notes.txt) <(sort notes.txt)"),
    # -- git inspection
    (W, "git status"),
    (W, "git status --short"),
    (W, "git status -sb"),
    (W, "git log --oneline"),
    (W, "git log -n 3"),
    (W, "git log --oneline -5 --graph"),
    (W, "git log --stat -1"),
    (W, "git log -p -1"),
    (W, "git diff"),
    (W, "git diff --stat"),
    (W, "git diff HEAD"),
    (W, "git diff --cached"),
    (W, "git show"),
    (W, "git show --stat HEAD"),
    (W, "git show HEAD:README.md"),
    (W, "git branch"),
    (W, "git branch -a"),
    (W, "git rev-parse HEAD"),
    (W, "git rev-parse --show-toplevel"),
    (W, "git ls-files"),
    (W, "git ls-files src"),
    (W, "git blame src/app.py"),
    (W, "git grep -n def"),
    (W, "git tag"),
    (W, "git shortlog -sn"),
    (W, "git describe --always"),
    (W, "git log --format='%h %s' -3"),
    (W, "git remote -v"),
    (W, "git stash list"),
    (W, "git config --get user.name || true"),
    # -- small scripts and loops
    (W, "for f in src/*.py; do echo $f; done"),
    (W, "for f in *.md; do wc -l $f; done"),
    (W, 'for f in src/*.py; do head -1 "$f"; done'),
    (W, "for d in src docs; do ls $d; done"),
    (W, 'while read -r line; do echo "$line"; done < notes.txt'),
    (W, "echo hello"),
    (W, "echo $HOME"),
    (W, "printf '%s\\n' a b c"),
    (W, "date"),
    (W, "date +%Y-%m-%d"),
    (W, "whoami"),
    (W, "uname -a"),
    (W, "id"),
    (W, "which python3"),
    (W, "python3 --version"),
    (W, "python3 -c 'print(1 + 1)'"),
    (W, "python3 src/app.py"),
    (W, "python3 -m tokenize src/app.py | head -3"),
    (W, "python3 -c 'import sys; print(sys.version)'"),
    (W, "node --version || true"),
    (W, "seq 1 5"),
    (W, "seq 3 | paste -sd+ | bc || true"),
    (W, "expr 2 + 3"),
    (W, "true"),
    (W, "env | sort | head -3"),
    (W, "command -v git"),
    (W, "type ls"),
    (W, "echo $((1 + 2))"),
    (W, "cat <<'EOF'\nhello\nEOF"),
    (W, "(cd src && ls)"),
    (W, "cd src && ls && cd .."),
    (W, "ls | head -3; echo done"),
    (W, "set -e; ls src; echo ok"),
    (W, "if [ -f README.md ]; then echo yes; fi"),
    (W, "case x in x) echo x;; esac"),
    (W, "x=1; echo $x"),
    (W, "export A=1; echo $A"),
    # -- building and testing inside the sandbox
    (S, "mkdir -p build && echo ok > build/out.txt"),
    (S, "touch notes.md"),
    (S, "echo '# report' > report.md"),
    (S, "printf 'a\\nb\\n' > list.txt && sort list.txt"),
    (S, "cp ../../../workspace/README.md . 2>/dev/null || true"),
    (S, "seq 10 > n.txt && wc -l n.txt"),
    (W, "python3 -m pytest --version || true"),
    (W, "make -n || true"),
    (W, "sh -c 'echo hi'"),
    (W, "bash -c 'echo hi'"),
    (W, "timeout 5 ls"),
    (W, "nice ls"),
    (W, "env LC_ALL=C sort notes.txt"),
    (W, "LC_ALL=C sort notes.txt"),
    (W, "xargs -n1 echo < notes.txt"),
    (W, "ls src | xargs -I{} echo {}"),
    (W, "tar -tf archive.tar"),
    (W, "gzip -l archive.tar.gz || true"),
    (W, "zcat archive.tar.gz | tar -t"),
)


def make_project(root: Path) -> None:
    """A small Python project with a git history, data files and an archive."""
    (root / "src").mkdir(parents=True)
    (root / "docs").mkdir()
    (root / "README.md").write_text("# Demo\n\nA readme. TODO: more.\n")
    (root / "notes.txt").write_text("beta line here\nalpha line here\nbeta line here\n")
    (root / "data.csv").write_text("name,score\nalice,3\nbob,5\ncarol,7\n")
    (root / "data.json").write_text('{"name": "demo", "items": ["a", "b"]}\n')
    (root / "data.bin").write_bytes(bytes(range(64)))
    (root / "docs" / "guide.md").write_text("# Guide\n\nRead the readme first.\n")
    (root / "src" / "app.py").write_text(
        "import sys\n\n\ndef main():\n    print('hello')\n\n\nif __name__ == '__main__':\n"
        "    main()\n"
    )
    (root / "src" / "util.py").write_text("import os\n\n\ndef helper():\n    return os.sep\n")
    subprocess.run(["tar", "-cf", "archive.tar", "README.md"], cwd=root, check=True)
    subprocess.run(["tar", "-czf", "archive.tar.gz", "README.md"], cwd=root, check=True)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=root, check=True)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    subprocess.run([*git, "commit", "-qm", "first"], cwd=root, check=True)
    (root / "notes.txt").write_text("beta line here\nalpha line here\nbeta line here\ngamma\n")
