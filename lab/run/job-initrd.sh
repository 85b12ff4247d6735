#!/bin/sh
# job-initrd.sh [--nodes N] VARIANT JOB-SCRIPT OUT.cpio: write the guest
# initramfs of one run of a built variant: the shared base
# (lab/run/initramfs.sh), then an archive of the run's own files: the job
# script as /lab/job.sh, the build's selftests in /lab/selftests/,
# slub_bench.ko and the lab's test modules in /lab/ when the build has them
# (the kernel unpacks concatenated cpio archives in order), and
# /lab/topology, "nodes=N": the NUMA nodes QEMU gives the guest (default
# 1), which the check jobs must see.
#
# Environment: LAB_BASE_CPIO, a base archive to use instead of
# lab/run/initramfs.sh's (the lab's tests, which have no guest tools to build
# one from).
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="job-initrd.sh [--nodes N] VARIANT JOB-SCRIPT OUT.cpio"

nodes=1
if [ "${1:-}" = --nodes ]; then
	[ $# -ge 2 ] || usage_die "--nodes needs a value"
	number --nodes "$2"
	nodes=$2
	shift 2
fi
[ $# -eq 3 ] || usage_die "expected VARIANT, JOB-SCRIPT and OUT.cpio"
load_variant "$1"
job=$2 out=$3
[ -f "$job" ] || die "no job script at $job"
obj=$V_OBJ
[ -f "$obj/arch/x86/boot/bzImage" ] || die "variant $V_NAME is not built: run 'lab/kernel/build.sh $V_NAME'"

if [ -n "${LAB_BASE_CPIO:-}" ]; then
	base_cpio=$LAB_BASE_CPIO
	[ -f "$base_cpio" ] || die "LAB_BASE_CPIO: no archive at $base_cpio"
else
	# initramfs.sh prints the archive's path; its progress goes to stderr.
	base_cpio=$(sh "$LAB_ROOT/lab/run/initramfs.sh")
fi

# One scratch folder: the archive's tree and its cpio.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$out.tmp"' EXIT
stage=$tmp/root
mkdir -p "$stage/lab/selftests"
cp "$job" "$stage/lab/job.sh"
echo "nodes=$nodes" >"$stage/lab/topology"
for t in "$obj"/selftests/*; do
	[ -f "$t" ] || continue
	cp "$t" "$stage/lab/selftests/"
done
# The microbenchmark module, when the build has one (guest/lib.sh run_slub_bench).
[ ! -f "$obj/slub_bench/slub_bench.ko" ] || cp "$obj/slub_bench/slub_bench.ko" "$stage/lab/"
# The lab's test modules (guest/modules/), when the build has them.
for m in "$obj"/lab-modules/*.ko; do
	[ ! -f "$m" ] || cp "$m" "$stage/lab/"
done
(cd "$stage" && find . | LC_ALL=C sort | cpio --quiet -o -H newc -R 0:0) >"$tmp/job.cpio"
# Written under another name and moved: a failed run leaves no OUT.cpio
# that looks whole (boot.sh keeps it, a LAVA job points at it).
mkdir -p "$(dirname "$out")"
cat "$base_cpio" "$tmp/job.cpio" >"$out.tmp"
mv "$out.tmp" "$out"
