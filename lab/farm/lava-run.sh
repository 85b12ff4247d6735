#!/bin/sh
# lava-run.sh [--job JOB-SCRIPT] VARIANT (make lava-run VARIANT=...): run
# VARIANT's LAVA job (the job make check boots it with, or JOB-SCRIPT)
# on this machine with Debian's lava-dispatcher (lava-run, no server), and
# judge the run twice: as a farm does (LAVA's job result and the guest's
# KTAP cases it recorded) and as lab/run/boot.sh does (the run's record,
# lab/verdict/record.sh, on the console LAVA saw, with the variant and
# the LAVA command line of lab/lib/qemu.sh qemu_argv). Prints both
# verdicts and fails when the lab's fails, when LAVA's job failed, or
# when a case's result differs between them (lab/farm/lava-compare.jq).
#
# Writes results/<date>-lava-VARIANT/: the job and its images
# (lab/farm/lava-jobs.sh), lava-run.log (LAVA's own log, one YAML
# record a line), console.log (the serial lines LAVA read), results.tsv
# (LAVA's results: suite, case, result), result.json (the lab's record)
# and verdict.
#
# Needs lava-dispatcher, which is not in make deps (about 140 packages):
#   apt-get install --no-install-recommends lava-dispatcher
# and root (lava-run's own requirement). The device is
# lab/farm/lava-qemu-device.yaml (QEMU under TCG) with the job's memory and
# QEMU options (lab/farm/lava-device.sh).
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="lava-run.sh [--job JOB-SCRIPT] VARIANT"
gjob=
if [ "${1:-}" = --job ]; then
	[ $# -ge 2 ] || usage_die "--job needs a value"
	gjob=$2
	shift 2
fi
[ $# -eq 1 ] || usage_die "expected one VARIANT (make lava-run VARIANT=name)"
command -v lava-run >/dev/null ||
	die "lava-run is missing: as root, apt-get install --no-install-recommends lava-dispatcher"
[ "$(id -u)" = 0 ] || die "lava-run runs jobs as root only"
load_variant "$1"
python=${LAB_PYTHON:-/usr/bin/python3}

out=$LAB_RESULTS/$(date +%Y%m%d-%H%M%S)-lava-$V_NAME
mkdir -p "$out"
# The job make check boots it with (check.sh outside the matrix), unless
# --job names one.
if [ -z "$gjob" ]; then
	matrix=$(sh "$LAB_ROOT/lab/kernel/variants.sh" --check) || exit 1
	# shellcheck disable=SC2086
	gjob=$(cd "$LAB_ROOT" && check_jobs $matrix | sed -n "s/^$V_NAME=//p")
	[ -n "$gjob" ] || gjob=guest/jobs/check.sh
	load_variant "$1"
fi
case $gjob in /*) ;; *) gjob=$LAB_ROOT/$gjob ;; esac
sh "$LAB_ROOT/lab/farm/lava-jobs.sh" --out "$out/jobs" "$V_NAME=$gjob"
job=$out/jobs/$V_NAME/job.yaml
echo "dispatcher_ip: 127.0.0.1" >"$out/dispatcher.yaml"
sh "$LAB_ROOT/lab/farm/lava-device.sh" "$job" "$out/device.yaml"

log "lava-run: $V_NAME (TCG, minutes); log: $out/lava-run.log"
set +e
lava-run --job-id 1 --output-dir "$out/lava" --device "$out/device.yaml" \
	--dispatcher "$out/dispatcher.yaml" "$job" >"$out/lava-run.log" 2>&1
rc=$?
set -e
echo "lava-run exited with $rc" >"$out/verdict"

# LAVA's log, one record a line: the serial lines make the console log,
# the "results" records LAVA's verdict per case.
"$python" - "$out/lava-run.log" "$out/console.log" "$out/results.tsv" <<'EOF'
import sys
import yaml

log, console, results = sys.argv[1:4]
with open(log, errors="replace") as f, open(console, "w") as con, open(results, "w") as res:
    for line in f:
        if not line.startswith("{"):
            continue
        try:
            rec = yaml.safe_load(line)
        except yaml.YAMLError:
            continue
        if not isinstance(rec, dict):
            continue
        msg = rec.get("msg")
        # The serial's lines: read by an action ("target") or, after
        # the last action matched, by the finish ("feedback").
        if rec.get("lvl") in ("target", "feedback") and isinstance(msg, str):
            con.write(msg + "\n")
        elif rec.get("lvl") == "results" and isinstance(msg, dict):
            res.write("%s\t%s\t%s\n" % (msg.get("definition"), msg.get("case"), msg.get("result")))
EOF

# The farm's verdict: LAVA's job result (definition lava, case job) and
# every case the monitor recorded.
farm=pass
awk -F '\t' '$1 == "lava" && $2 == "job" { found = 1; if ($3 != "pass") bad = 1 }
	$1 != "lava" && $3 == "fail" { bad = 1 }
	END { exit !found || bad }' "$out/results.tsv" || farm=fail
cases=$(awk -F '\t' '$1 != "lava"' "$out/results.tsv" | wc -l)
failed=$(awk -F '\t' '$1 != "lava" && $3 == "fail" { printf "%s ", $2 }' "$out/results.tsv")
echo "farm: $farm (LAVA job $(awk -F '\t' '$1 == "lava" && $2 == "job" { print $3 }' "$out/results.tsv"); $cases cases recorded${failed:+; failed: $failed})" |
	tee -a "$out/verdict"

# The lab's verdict on the same console: the run's record, as boot.sh
# writes one (what ran, then what the console says).
# shellcheck disable=SC2046 # --numa, or nothing
qemu_argv --purpose lava $([ "$V_NUMA" = no ] || echo --numa) --append "$V_CMDLINE" | qemu_words >"$out/qemu.argv"
sh "$LAB_ROOT/lab/verdict/record.sh" start --variant "$V_NAME" --job "$gjob" --purpose lava \
	--argv "$out/qemu.argv" --artifact console="$out/console.log" --artifact lava_log="$out/lava-run.log" \
	--artifact lava_results="$out/results.tsv" "$out/result.json"
lab=pass
sh "$LAB_ROOT/lab/verdict/record.sh" "$out/result.json" >"$out/record.txt" 2>&1 || lab=fail
sed 's/^/    /' "$out/record.txt"
echo "lab: $lab (its record of the console LAVA read: $(jq -r '.results.status' "$out/result.json" 2>/dev/null))" |
	tee -a "$out/verdict"

# Case by case.
jq -n -r --slurpfile record "$out/result.json" --rawfile results "$out/results.tsv" \
	-f "$LAB_ROOT/lab/farm/lava-compare.jq" >"$out/disagree" || echo "the record or LAVA's results cannot be read" >>"$out/disagree"
if [ -s "$out/disagree" ]; then
	echo "FAIL: the farm's cases and the lab's record disagree (see $out):" | tee -a "$out/verdict"
	sed 's/^/    /' "$out/disagree" | tee -a "$out/verdict"
	exit 1
fi
[ $lab = pass ] && [ $farm = pass ]
