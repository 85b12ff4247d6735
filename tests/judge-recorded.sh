#!/bin/sh
# judge-recorded.sh CONSOLE-LOG JOB-SCRIPT: run the guest's judge
# (guest/judge.sh) under busybox, as the guest does, on a recorded console
# log: the lines before LAB-JOB-BEGIN stand for the kernel log, the job's
# lines (up to its own verdict or the end marker) for its output.
set -eu
cd "$(dirname "$0")/.."
[ $# -eq 2 ] || { echo "usage: tests/judge-recorded.sh CONSOLE-LOG JOB-SCRIPT" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tr -d '\r' <"$1" | sed -n '/LAB-JOB-BEGIN/q;p' >"$tmp/kernel.log"
tr -d '\r' <"$1" | sed -n '/LAB-JOB-BEGIN/,$p' |
	sed -e '1d' -e '/^LAB-RESULT job /,$d' -e '/^LAB-JOB-END/,$d' >"$tmp/job.out"
# No selftest shipped, unless SELFTESTS names a folder of them.
mkdir "$tmp/selftests"
SPLAT_PATTERNS=lab/verdict/splat-patterns LAB_GUEST_LIB=guest/lib.sh SELFTESTS=${SELFTESTS:-$tmp/selftests} \
	busybox sh guest/judge.sh "$2" "$tmp/job.out" "$tmp/kernel.log"
