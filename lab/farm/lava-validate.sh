#!/bin/sh
# lava-validate.sh JOB.yaml...: check LAVA job definitions against the job
# schema of lava-common (Debian package lava-common), as a LAVA server does
# on submission: lava_common.schemas.validate(job, strict=True), which
# refuses unknown keys too. Prints "ok: FILE" or "FAIL: FILE: MESSAGE"
# (voluptuous's message and where in the job) for each file.
#
# Exit status: 0 when every job is valid, 1 when one is not, 2 on a usage
# error or when lava-common (or python3) is missing.
#
# Environment: LAB_PYTHON, the python3 to use (default /usr/bin/python3:
# lava-common is a Debian package, installed for Debian's python3, not for
# a python3 that may come first on PATH).
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="lava-validate.sh JOB.yaml..."

[ $# -ge 1 ] || usage_die "expected at least one job file"
python=${LAB_PYTHON:-/usr/bin/python3}
[ -x "$python" ] || {
	printf 'lab: error: %s is missing: lava-validate needs python3 (Debian package python3)\n' "$python" >&2
	exit 2
}

# The program reads the file names from its arguments; the YAML is parsed
# with yaml.safe_load, as LAVA does. Exit 3 from it means the modules are
# missing (told apart from a job that fails, exit 1).
set +e
"$python" - "$@" <<'EOF'
import sys

try:
    import yaml
    from lava_common.schemas import validate
    from voluptuous import Invalid
except ImportError as exc:
    print("lab: error: lava-common is not installed (%s): "
          "install the Debian package lava-common (apt-get install lava-common)" % exc,
          file=sys.stderr)
    sys.exit(3)

failed = False
for name in sys.argv[1:]:
    try:
        with open(name, encoding="utf-8") as f:
            job = yaml.safe_load(f)
        if not isinstance(job, dict):
            raise Invalid("not a job: the file holds no YAML mapping")
        # strict: keys the schema does not know are errors, not ignored.
        validate(job, strict=True)
    except Invalid as exc:
        # str() of a voluptuous error carries its path ("@ data[...]").
        print("FAIL: %s: %s" % (name, exc))
        failed = True
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        print("FAIL: %s: %s" % (name, " ".join(str(exc).split())))
        failed = True
    except Exception as exc:  # a job the schema code trips over is not valid either
        print("FAIL: %s: %s: %s" % (name, type(exc).__name__, exc))
        failed = True
    else:
        print("ok: %s" % name)
sys.exit(1 if failed else 0)
EOF
rc=$?
set -e
[ $rc -ne 3 ] || exit 2
exit $rc
