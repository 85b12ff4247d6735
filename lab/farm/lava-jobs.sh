#!/bin/sh
# lava-jobs.sh [--out DIR] [--url BASE] [--job JOB-SCRIPT] [--smp N] [--memory M]
# [VARIANT[=JOB]...]: write a LAVA job for each built variant, so that a
# LAVA farm (device type qemu) boots it with a guest job as
# lab/run/boot.sh does and reads the guest's KTAP. Its QEMU options are the
# job's part of the command line lab/lib/qemu.sh qemu_argv makes for a
# LAVA device (purpose lava), from the same profile (lab/run/qemu.json)
# as a local boot's. For each variant, in DIR/VARIANT/:
#   bzImage      a copy of the variant's kernel
#   initrd.cpio  its initramfs with the job (lab/run/job-initrd.sh)
#   job.yaml     the LAVA job, checked with lab/farm/lava-validate.sh
#
#   --out DIR       where to write (default results/lava-jobs)
#   --url BASE      where the farm fetches the files: the job's images are
#                   BASE/VARIANT/bzImage and BASE/VARIANT/initrd.cpio
#                   (default file://DIR, DIR made absolute: a worker on
#                   this machine)
#   --job SCRIPT    the guest job of a VARIANT given without one (default
#                   guest/jobs/check.sh)
#   --smp N, --memory M  the vCPUs and memory, as lab/run/boot.sh's
#                   (default: the profile's)
#   VARIANT[=JOB]   default: make check's matrix (lab/kernel/variants.sh --check),
#                   each with the job make check boots it with
#                   (check_jobs, lab/lib/variants.sh)
#
# A variant that is not built is an error, before anything is written.
# Environment: LAB_BASE_CPIO as job-initrd.sh; LAB_PYTHON as
# lava-validate.sh.
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="lava-jobs.sh [--out DIR] [--url BASE] [--job JOB-SCRIPT] [--smp N] [--memory M] [VARIANT[=JOB]...]"

out=$LAB_RESULTS/lava-jobs url= job=$LAB_ROOT/guest/jobs/check.sh smp= mem=
while [ $# -gt 0 ]; do
	case $1 in
	--out | --url | --job | --smp | --memory) [ $# -ge 2 ] || usage_die "$1 needs a value" ;;
	esac
	case $1 in
	--out) out=$2; shift 2 ;;
	--url) url=$2; shift 2 ;;
	--job) job=$2; shift 2 ;;
	--smp) smp=$2; shift 2 ;;
	--memory) mem=$2; shift 2 ;;
	--) shift; break ;;
	-*) usage_die "unknown option $1" ;;
	*) break ;;
	esac
done
[ -n "$out" ] || usage_die "--out needs a folder"
[ -f "$job" ] || die "no job script at $job"
if [ $# -eq 0 ]; then
	matrix=$(sh "$LAB_ROOT/lab/kernel/variants.sh" --check) || exit 1
	# The matrix's names are one word each (a-z, 0-9, -), and each boots
	# with make check's job for it.
	# shellcheck disable=SC2086
	set -- $(cd "$LAB_ROOT" && check_jobs $matrix) || exit 1
fi
[ $# -gt 0 ] || die "no variants: lab/kernel/variants.sh --check lists none"

# job_of ARG: the job script of a VARIANT[=JOB] argument (--job without
# one), from the lab's folder when relative.
job_of() {
	case $1 in
	*=*) _j=${1#*=} ;;
	*) _j=$job ;;
	esac
	case $_j in /*) ;; *) _j=$LAB_ROOT/$_j ;; esac
	echo "$_j"
}

# Timeouts, in minutes, from the profile's lava purpose: boot.sh gives a
# whole boot the check's 900 s; the farm adds the download and its own
# start-up. The boot runs until the job starts (LAB-JOB-BEGIN: KUnit and
# the boot-time tests under TCG take minutes); the test until LAB-JOB-END,
# and its monitor waits that long for each line too (the first result can
# come minutes after the job starts).
minutes=$(jq -c '.purposes.lava.lava_minutes' "$QEMU_PROFILE")
: "${smp:=$(qemu_profile lava smp)}" "${mem:=$(qemu_profile lava memory)}"
number --smp "$smp"

# suite_of JOB: the monitor's name, LAVA's test suite name ([-_a-zA-Z0-9.]
# only): lab- and the job script's name.
suite_of() {
	_s=${1##*/}
	echo "lab-${_s%.sh}"
}

# Every variant is checked before anything is written.
for arg in "$@"; do
	load_variant "${arg%%=*}"
	j=$(job_of "$arg")
	[ -f "$j" ] || die "no job script at $j (for $V_NAME)"
	case $(suite_of "$j") in
	*[!_a-zA-Z0-9.-]*) die "job script name ${j##*/} is not a LAVA suite name once 'lab-' is put before it ([-_a-zA-Z0-9.])" ;;
	esac
	# The name is a folder and a URL path segment.
	case $V_NAME in *[!_a-zA-Z0-9.-]*) die "variant name '$V_NAME' is not [-_a-zA-Z0-9.] only" ;; esac
	[ -f "$V_OBJ/arch/x86/boot/bzImage" ] || die "variant $V_NAME is not built: run 'lab/kernel/build.sh $V_NAME'"
	# LAVA runs QEMU from one string, which it splits as a shell would
	# (pexpect), with the command line in quotes: of one kind or the other
	# (lab/lib/qemu.sh qemu_joined).
	case $V_CMDLINE in
	*\"*\'* | *\'*\"*) die "variant $V_NAME: its command line has both kinds of quotes, which the LAVA job cannot quote: $V_CMDLINE" ;;
	esac
done

mkdir -p "$out"
out=$(cd "$out" && pwd)
[ -n "$url" ] || url=file://$out
url=${url%/}
lab_rev=$(git -C "$LAB_ROOT" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
# The monitor reads the guest's KTAP (guest/judge.sh, written by
# guest/ktap.sh), one result a line: "ok N ID", "ok N ID # SKIP", "not ok N
# ID" or "not ok N ID # TIMEOUT", each after its diagnostics ("# ..."
# lines). The pattern starts at a line's start (after the \n; pexpect
# searches a stream, where ^ is only where the last match ended), so that
# a diagnostic quoting a selftest's "not ok" is not taken; it ends with \s
# after the id because pexpect matches as soon as the text read so far
# fits: without it, an id would be cut at what has arrived (a directive
# after it changes nothing LAVA keeps). LAVA keeps only pass, fail, skip
# and unknown: the fixupdict maps KTAP's words (a skip is "ok" there too:
# LAVA shows it as a pass, the lab's record as a skip).
pattern='(?:^|\n)(?P<result>not ok|ok) [0-9]+ (?P<test_case_id>[a-z0-9_]+)\s'

for arg in "$@"; do
	load_variant "${arg%%=*}"
	j=$(job_of "$arg")
	jobname=$(suite_of "$j")
	d=$out/$V_NAME
	mkdir -p "$d"
	cp "$V_OBJ/arch/x86/boot/bzImage" "$d/bzImage"
	nodes=1
	[ "$V_NUMA" = no ] || nodes=$smp
	sh "$LAB_ROOT/lab/run/job-initrd.sh" --nodes $nodes "$V_NAME" "$j" "$d/initrd.cpio"
	# The job's part of a LAVA device's QEMU command line (qemu_argv
	# --purpose lava): its memory, extra options and images' arguments.
	numa=
	[ "$V_NUMA" = no ] || numa=--numa
	qa="--purpose lava --smp $smp --memory $mem $numa"
	# shellcheck disable=SC2086 # qa: options, one word each
	qemu_argv $qa --part extra --append "$V_CMDLINE" >"$d/extra" &&
		qemu_argv $qa --part kernel --append "$V_CMDLINE" >"$d/kernel" || exit 1
	# The tree's commit, as the build's record has it (lab/kernel/build.sh).
	rev=$(jq -r '.git.tree_commit // "unknown" | .[:12]' "$V_OBJ/build.json" 2>/dev/null || echo unknown)
	# The job as data (jq), written as YAML by a serializer.
	jq -R . "$d/extra" | jq -s \
		--slurpfile profile "$QEMU_PROFILE" --arg name "slub-lab ${jobname#lab-} $V_NAME ($V_TREE $rev)" \
		--arg mem "$mem" --arg variant "$V_NAME" --arg build "$V_BUILD" --arg tree "$V_TREE" \
		--arg rev "$rev" --arg fragments "$V_FRAGMENTS" --arg lab_rev "$lab_rev" \
		--arg guest_job "${j##*/}" --arg url "$url/$V_NAME" \
		--arg kernel_sha "$(sha256sum <"$d/bzImage" | cut -d' ' -f1)" \
		--arg initrd_sha "$(sha256sum <"$d/initrd.cpio" | cut -d' ' -f1)" \
		--arg kernel_arg "$(qemu_joined <"$d/kernel")" \
		--arg initrd_arg "$(qemu_argv $qa --part initrd | qemu_joined)" --arg suite "$jobname" \
		--arg pattern "$pattern" --argjson m "$minutes" '
		$profile[0] as $p | . as $extra | {
		device_type: "qemu", job_name: $name, priority: "medium", visibility: "public",
		timeouts: {job: {minutes: $m.job},
			connections: {"auto-login-action": {minutes: $m.boot},
				"lava-test-monitor": {minutes: $m.test}}},
		context: {arch: $p.arch, memory: $mem, no_kvm: true, extra_options: $extra},
		metadata: {variant: $variant, build: $build, tree: $tree, "tree-commit": $rev,
			fragments: $fragments, "lab-commit": $lab_rev, "guest-job": $guest_job},
		actions: [
			{deploy: {to: "tmpfs", timeout: {minutes: $m.deploy}, images: {
				kernel: {url: ($url + "/bzImage"), sha256sum: $kernel_sha, image_arg: $kernel_arg},
				ramdisk: {url: ($url + "/initrd.cpio"), sha256sum: $initrd_sha,
					image_arg: $initrd_arg}}}},
			{boot: {method: "qemu", media: "tmpfs", timeout: {minutes: $m.boot},
				prompts: ["LAB-JOB-BEGIN"],
				parameters: {"kernel-start-message": "Linux version [0-9]"}}},
			{test: {timeout: {minutes: $m.test}, monitors: [{name: $suite,
				start: "LAB-JUDGE", end: "LAB-JOB-END", pattern: $pattern,
				fixupdict: {ok: "pass", "not ok": "fail"}}]}}]}' >"$d/job.json"
	{
		echo "# LAVA job: $V_NAME booted with the lab's ${j##*/} (lab/farm/lava-jobs.sh; docs/farm.md)."
		"${LAB_PYTHON:-/usr/bin/python3}" -c 'import json, sys, yaml; yaml.safe_dump(json.load(sys.stdin), sys.stdout, sort_keys=False, width=1000)' <"$d/job.json"
	} >"$d/job.yaml"
	rm -f "$d/job.json" "$d/extra" "$d/kernel"
	log "$V_NAME: $d/job.yaml"
done

# Each argument, in turn, gives way to its job's path.
for arg in "$@"; do
	set -- "$@" "$out/${arg%%=*}/job.yaml"
	shift
done
sh "$LAB_ROOT/lab/farm/lava-validate.sh" "$@" || die "a job written in $out is not valid (above)"
echo "$# LAVA jobs in $out, images under $url"
