#!/bin/sh
# initramfs.sh: build build/initramfs/base.cpio, the part of every guest's
# initramfs that does not change between runs: busybox, the lab's init and
# guest helpers (the KTAP writer and reader among them), hackbench, cyclictest and perf with the shared libraries
# they need.
# A run appends its own small archive (job script, selftests) to it; the
# kernel unpacks concatenated cpio archives in order.
set -eu
. "$(dirname "$0")/../lib/common.sh"

out=$LAB_WORK/initramfs/base.cpio
busybox=$(command -v busybox || echo /bin/busybox)
hackbench=$(command -v hackbench || true)
cyclictest=$(command -v cyclictest || true)
perf=$(command -v perf || true)
[ -n "$hackbench" ] || die "hackbench is missing: run 'make deps' (package rt-tests)"
[ -n "$cyclictest" ] || die "cyclictest is missing: run 'make deps' (package rt-tests)"
[ -n "$perf" ] || die "perf is missing: run 'make deps' (package linux-perf)"
file -L "$busybox" 2>/dev/null | grep -q 'statically linked' ||
	die "$busybox is not static: run 'make deps' (package busybox-static)"

# Rebuild only when an input changed.
stamp=$(cat "$LAB_ROOT/guest/init" "$LAB_ROOT/guest/lib.sh" "$LAB_ROOT/guest/load.sh" "$LAB_ROOT/guest/trace.sh" \
	"$LAB_ROOT/guest/judge.sh" "$LAB_ROOT/guest/ktap.sh" "$LAB_ROOT/lab/verdict/ktap.awk" "$LAB_ROOT/lab/verdict/splat-patterns" "$busybox" "$hackbench" "$cyclictest" "$perf" | sha256sum | cut -d' ' -f1)
if [ -f "$out" ] && [ "$(cat "$out.stamp" 2>/dev/null)" = "$stamp" ]; then
	echo "$out"
	exit 0
fi

log "building the guest initramfs"
stage=$LAB_WORK/initramfs/stage
rm -rf "$stage"
mkdir -p "$stage/bin" "$stage/usr/bin" "$stage/lab" "$stage/root" "$stage/proc" \
	"$stage/sys" "$stage/dev" "$stage/tmp"
cp "$busybox" "$stage/bin/busybox"
ln -s busybox "$stage/bin/sh"
cp "$LAB_ROOT/guest/init" "$stage/init"
chmod 755 "$stage/init"
cp "$LAB_ROOT/guest/lib.sh" "$stage/lab/lib.sh"
cp "$LAB_ROOT/guest/load.sh" "$stage/lab/load.sh"
cp "$LAB_ROOT/guest/trace.sh" "$stage/lab/trace.sh"
cp "$LAB_ROOT/guest/judge.sh" "$stage/lab/judge.sh"
cp "$LAB_ROOT/guest/ktap.sh" "$stage/lab/ktap.sh"
cp "$LAB_ROOT/lab/verdict/ktap.awk" "$stage/lab/ktap.awk"
# The guest judges its own log with the host's patterns.
cp "$LAB_ROOT/lab/verdict/splat-patterns" "$stage/lab/splat-patterns"

# copy_with_libs BINARY: the binary in /usr/bin and every library ldd
# names, at the same paths as on the host.
copy_with_libs() {
	cp -L "$1" "$stage/usr/bin/${1##*/}"
	ldd "$1" | awk '/=> \// { print $3 } /^[[:space:]]*\// { print $1 }' |
		while read -r lib; do
			mkdir -p "$stage${lib%/*}"
			cp -L "$lib" "$stage$lib"
		done
}
copy_with_libs "$hackbench"
copy_with_libs "$cyclictest"
copy_with_libs "$perf"

mkdir -p "${out%/*}"
(cd "$stage" && find . | LC_ALL=C sort | cpio --quiet -o -H newc -R 0:0) >"$out.tmp"
mv "$out.tmp" "$out"
echo "$stamp" >"$out.stamp"
rm -rf "$stage"
log "initramfs $(du -h "$out" | cut -f1) at $out"
echo "$out"
