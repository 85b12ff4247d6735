#!/bin/sh
# lava-jobs.sh [--out DIR] [--url BASE] [--job JOB-SCRIPT] [VARIANT[=JOB]...]:
# write a LAVA job for each built variant, so that a LAVA farm (device
# type qemu) boots it with a guest job as lab/run/boot.sh does, and reads the
# guest's result lines. For each variant, in DIR/VARIANT/:
#   bzImage      a copy of the variant's kernel
#   initrd.cpio  its initramfs with the job (lab/run/job-initrd.sh)
#   expect.txt   the regexes lab/run/boot.sh would also require of the log
#                (one a line; LAVA does not check them)
#   job.yaml     the LAVA job, checked with lab/farm/lava-validate.sh
#
#   --out DIR       where to write (default results/lava-jobs)
#   --url BASE      where the farm fetches the files: the job's images are
#                   BASE/VARIANT/bzImage and BASE/VARIANT/initrd.cpio
#                   (default file://DIR, DIR made absolute: a worker on
#                   this machine)
#   --job SCRIPT    the guest job of a VARIANT given without one (default
#                   guest/jobs/check.sh)
#   VARIANT[=JOB]   default: make check's matrix (lab/kernel/variants.sh --check),
#                   each with the job make check boots it with
#                   (check_jobs, lab/lib/variants.sh)
#
# A variant that is not built is an error, before anything is written.
# Environment: LAB_SMP (default 2) and LAB_MEM (default 1G), as boot.sh;
# LAB_BASE_CPIO as job-initrd.sh; LAB_PYTHON as lava-validate.sh.
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="lava-jobs.sh [--out DIR] [--url BASE] [--job JOB-SCRIPT] [VARIANT[=JOB]...]"

out=$LAB_RESULTS/lava-jobs url= job=$LAB_ROOT/guest/jobs/check.sh
while [ $# -gt 0 ]; do
	case $1 in
	--out) [ $# -ge 2 ] || usage_die "--out needs a value"; out=$2; shift 2 ;;
	--url) [ $# -ge 2 ] || usage_die "--url needs a value"; url=$2; shift 2 ;;
	--job) [ $# -ge 2 ] || usage_die "--job needs a value"; job=$2; shift 2 ;;
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

# Timeouts, in minutes. boot.sh gives a whole boot 900 s; the farm adds
# the download and its own start-up. The boot runs until the job starts
# (LAB-JOB-BEGIN: KUnit and the boot-time tests under TCG take minutes);
# the test until LAB-JOB-END, and its monitor waits that long for each
# line too (the first result can come minutes after the job starts).
t_job=20 t_deploy=5 t_boot=12 t_test=15

# suite_of JOB: the monitor's name, LAVA's test suite name ([-_a-zA-Z0-9.]
# only): lab- and the job script's name.
suite_of() {
	_s=${1##*/}
	echo "lab-${_s%.sh}"
}

# yq VALUE: VALUE as a YAML single-quoted scalar, where only a quote is
# special (written twice): a command line or a name reads back as it is.
yq() {
	printf "'%s'" "$(printf '%s' "$1" | sed "s/'/''/g")"
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
	# (pexpect), with the command line in quotes: of one kind or the other.
	case $V_CMDLINE in
	*\"*\'* | *\'*\"*) die "variant $V_NAME: its command line has both kinds of quotes, which the LAVA job cannot quote: $V_CMDLINE" ;;
	esac
done

mkdir -p "$out"
out=$(cd "$out" && pwd)
[ -n "$url" ] || url=file://$out
url=${url%/}
lab_rev=$(git -C "$LAB_ROOT" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
smp=${LAB_SMP:-2}
mem=${LAB_MEM:-1G}
# The monitor's result line, as the guest prints it: "LAB-RESULT ID
# RESULT". The space after the id ends the id, so an id is never cut.
# The pattern ends with \s because pexpect matches as soon as the text read
# so far fits: without it, "fail" would match the start of a longer word
# ("failed") still arriving; \s is the end of the line (the serial's \r).
# LAVA keeps only pass, fail, skip and unknown, and writes an id's
# characters other than letters, digits and _ as _ (splat-scan: splat_scan).
pattern='LAB-RESULT (?P<test_case_id>[-_.a-zA-Z0-9]+) (?P<result>pass|fail|skip)\s'

for arg in "$@"; do
	load_variant "${arg%%=*}"
	j=$(job_of "$arg")
	jobname=$(suite_of "$j")
	d=$out/$V_NAME
	mkdir -p "$d"
	cp "$V_OBJ/arch/x86/boot/bzImage" "$d/bzImage"
	nodes=1
	[ "$V_NUMA" = no ] || nodes=$smp
	sh "$LAB_ROOT/lab/run/job-initrd.sh" --nodes $nodes "$V_NAME" "$j" "$d/initrd.cpio" >"$d/expect.txt"
	# boot.sh's -smp and NUMA options, one list item an option (-m comes
	# from memory: the template's own).
	topology=$(qemu_topology "$smp" "$mem" "$V_NUMA" |
		sed -e 's/ -m [^ ]*//' -e 's/ -/\n-/g') || exit 1
	options=$(printf '%s\n' "-cpu max" "$topology" "-no-reboot" |
		while IFS= read -r o; do printf '%s, ' "$(yq "$o")"; done)
	# boot.sh's command line without panic=: QEMU runs with -no-reboot
	# (guest/init ends the run with a reboot), so a kernel that reboots
	# after a panic would end QEMU, and LAVA calls the lost console an
	# infrastructure error. Without panic= the kernel halts on a panic
	# (CONFIG_PANIC_TIMEOUT=0), and LAVA's kernel-message check of the boot
	# reports it; oops=panic stays, so an oops does that too.
	cmdline=$(printf '%s\n' "console=ttyS0 oops=panic $V_CMDLINE" |
		awk '{ for (i = 1; i <= NF; i++) if ($i !~ /^panic=/) printf "%s%s", (n++ ? " " : ""), $i; print "" }')
	# The quotes the command line does not hold (checked above).
	case $cmdline in *\"*) q=\' ;; *) q=\" ;; esac
	rev=$(git -C "$(tree_dir "$V_TREE")" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
	name="slub-lab ${jobname#lab-} $V_NAME ($V_TREE $rev)"
	cat >"$d/job.yaml" <<EOF
# LAVA job: $V_NAME booted with the lab's ${j##*/} (written by lab/farm/lava-jobs.sh).
device_type: qemu
job_name: $(yq "$name")
priority: medium
visibility: public
timeouts:
  job: {minutes: $t_job}
  # How long the boot and the monitor wait for one line, whatever the
  # device's own defaults (a device type's are minutes, for a shell prompt).
  connections:
    auto-login-action: {minutes: $t_boot}
    lava-test-monitor: {minutes: $t_test}
# The device type's QEMU command (qemu.jinja2) with boot.sh's options:
# TCG (no_kvm: the template would add -enable-kvm -cpu host) on -cpu max;
# -nographic comes from the template (the serial console on stdio).
context:
  arch: x86_64
  memory: $(yq "$mem")
  no_kvm: true
  extra_options: [${options%, }]
metadata:
  variant: $(yq "$V_NAME")
  build: $(yq "$V_BUILD")
  tree: $(yq "$V_TREE")
  tree-commit: $(yq "$rev")
  fragments: $(yq "$V_FRAGMENTS")
  lab-commit: $(yq "$lab_rev")
  guest-job: $(yq "${j##*/}")
actions:
- deploy:
    to: tmpfs
    timeout: {minutes: $t_deploy}
    images:
      kernel:
        url: $(yq "$url/$V_NAME/bzImage")
        sha256sum: $(yq "$(sha256sum <"$d/bzImage" | cut -d' ' -f1)")
        image_arg: $(yq "-kernel {kernel} -append $q$cmdline$q")
      ramdisk:
        url: $(yq "$url/$V_NAME/initrd.cpio")
        sha256sum: $(yq "$(sha256sum <"$d/initrd.cpio" | cut -d' ' -f1)")
        image_arg: $(yq "-initrd {ramdisk}")
- boot:
    method: qemu
    media: tmpfs
    timeout: {minutes: $t_boot}
    # guest/init prints it when the job starts; until then LAVA watches
    # the kernel's messages, and a panic ends the job there (later, the
    # halted guest ends it at the test's timeout).
    prompts: [$(yq LAB-JOB-BEGIN)]
    parameters:
      kernel-start-message: $(yq 'Linux version [0-9]')
- test:
    timeout: {minutes: $t_test}
    monitors:
    - name: $(yq "$jobname")
      start: $(yq LAB-RESULTS-BEGIN)
      end: $(yq LAB-JOB-END)
      pattern: $(yq "$pattern")
EOF
	log "$V_NAME: $d/job.yaml"
done

# Each argument, in turn, gives way to its job's path.
for arg in "$@"; do
	set -- "$@" "$out/${arg%%=*}/job.yaml"
	shift
done
sh "$LAB_ROOT/lab/farm/lava-validate.sh" "$@" || die "a job written in $out is not valid (above)"
echo "$# LAVA jobs in $out, images under $url"
