#!/bin/sh
# build.sh VARIANT: configure (lab/kernel/configure.sh) and build the kernel of a
# declared variant. Builds go to build/obj/<tree>-<fragments> (series@REV:N
# as series-REV-N; with -local when make menuconfig saved changes for it),
# are incremental, and use ccache when it is installed (a -local folder
# starts as a copy of the declared one). Prints the bzImage path. Writes
# the build's record, build.json in the build folder (lab/lib/facts.sh
# build_record), before the build and again after it.
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="build.sh VARIANT"
[ $# -eq 1 ] || usage_die "expected one variant name"
load_variant "$1"

# A build with make menuconfig's changes starts, the first time, from a copy
# of the declared build's folder when that one is built: kbuild then
# recompiles only what the changed options reach (SLUB_CPU_PARTIAL off:
# about 50 objects, not 1300).
declared=${V_OBJ%-local}
if [ -n "$V_LOCAL" ] && [ ! -e "$V_OBJ" ] && [ -f "$declared/vmlinux" ]; then
	log "starting $V_OBJ from a copy of $declared"
	rm -rf "$V_OBJ.tmp"
	cp -a "$declared" "$V_OBJ.tmp" && mv "$V_OBJ.tmp" "$V_OBJ" ||
		die "could not copy $declared to $V_OBJ"
	# Until its own build succeeds, the folder holds no kernel to boot.
	rm -f "$V_OBJ/arch/x86/boot/bzImage"
fi

sh "$LAB_ROOT/lab/kernel/configure.sh" "$1" >/dev/null
src=$(tree_dir "$V_TREE")
obj=$V_OBJ
kbuild_opts # KCC, KHOSTCC, KJOBS: the compilers and job count of kernel makes
[ -z "$V_LOCAL" ] || log "with $V_LOCAL (make menuconfig's changes; remove the file to undo)"

with=
[ "$KCC" = gcc ] || with=", ccache"
# With module support, the kernel's own modules too, in the same make (one
# walk of the tree instead of two): an external module links against the
# Module.symvers they write.
# A distribution's configuration (config=debian:...) builds its bzImage
# alone: thousands of modules would take hours, and the guest loads none
# of them (lab/kernel/configure.sh checks that what it needs is built in). Its
# modules_prepare writes what the lab's external modules link with
# (scripts/module.lds).
targets=bzImage
if grep -q '^CONFIG_MODULES=y' "$obj/.config"; then
	targets="bzImage modules"
	[ "$V_CONFIG" = tinyconfig ] || targets="bzImage modules_prepare"
fi
log "building $V_NAME in $obj (-j$KJOBS$with)"
# The build's record: running now; pass at the end, fail on any exit
# before it.
started=$(date +%s)
# shellcheck disable=SC2086
build_record "$obj" running "$started" $targets
# shellcheck disable=SC2086
trap 'build_record "$obj" fail "$started" $targets' EXIT
# shellcheck disable=SC2086
if ! kmake "$src" "$obj" $targets >"$obj/build.log" 2>&1; then
	grep -E 'error|Error' "$obj/build.log" | head -40 >&2
	die "kernel build failed for $V_NAME; full log: $obj/build.log"
fi
grep -E 'warning:' "$obj/build.log" | head -20 >&2 || true
# Without the modules, no Module.symvers: the lab's external modules link
# against vmlinux's exports.
if [ "$targets" != "bzImage modules" ] && [ -f "$obj/vmlinux.symvers" ]; then
	cp "$obj/vmlinux.symvers" "$obj/Module.symvers"
fi

# The project's selftests, built from the same tree, static so the guest
# needs no libraries for them.
mkdir -p "$obj/selftests"
rm -f "$obj/selftests"/*
sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$LAB_ROOT/guest/selftests.list" | while read -r t; do
	c=$src/tools/testing/selftests/$t.c
	if [ ! -f "$c" ]; then
		log "selftest $t is not in this tree; skipped"
		continue
	fi
	gcc -static -O2 -Wall -I "$src/tools/testing/selftests" -I "$src/tools/include" \
		-o "$obj/selftests/${t##*/}" "$c" ||
		die "selftest $t failed to build"
done
# With module support, slub_bench.ko for the bench, built from the series'
# source for every tree: base, series and mainline kernels then run the
# same benchmark code, and the base kernel itself stays as Debian ships it.
rm -rf "$obj/slub_bench"
# with_compat DIR: an external module folder of a tree whose
# cpumask_next_wrap() takes two arguments (7.x) gets the one shim the
# 6.12 sources need there (lab/kernel/compat.h).
with_compat() {
	grep -q '^unsigned int cpumask_next_wrap(int n, const struct cpumask \*src)$' "$src/include/linux/cpumask.h" ||
		return 0
	cp "$LAB_ROOT/lab/kernel/compat.h" "$1/"
	echo 'ccflags-y := -include $(src)/compat.h' >>"$1/Kbuild"
}
if grep -q '^CONFIG_MODULES=y' "$obj/.config"; then
	sh "$LAB_ROOT/lab/series/tree.sh" series
	mkdir -p "$obj/slub_bench"
	cp "$(tree_dir series)/lib/slub_bench.c" "$obj/slub_bench/"
	echo 'obj-m := slub_bench.o' >"$obj/slub_bench/Kbuild"
	with_compat "$obj/slub_bench"
	kmake "$src" "$obj" M="$obj/slub_bench" modules >"$obj/slub_bench/build.log" 2>&1 ||
		{ cat "$obj/slub_bench/build.log" >&2; die "slub_bench.ko failed to build for $V_NAME"; }
	log "built $obj/slub_bench/slub_bench.ko"
	# The lab's own test modules (guest/modules/*.c), for every tree.
	rm -rf "$obj/lab-modules"
	mkdir -p "$obj/lab-modules"
	for m in "$LAB_ROOT"/guest/modules/*.c; do
		cp "$m" "$obj/lab-modules/"
		m=${m##*/}
		echo "obj-m += ${m%.c}.o" >>"$obj/lab-modules/Kbuild"
	done
	with_compat "$obj/lab-modules"
	kmake "$src" "$obj" M="$obj/lab-modules" modules >"$obj/lab-modules/build.log" 2>&1 ||
		{ cat "$obj/lab-modules/build.log" >&2; die "guest/modules failed to build for $V_NAME"; }
	log "built the lab's test modules in $obj/lab-modules"
fi
trap - EXIT
# shellcheck disable=SC2086
build_record "$obj" pass "$started" $targets
log "built $V_NAME: $obj/arch/x86/boot/bzImage"
echo "$obj/arch/x86/boot/bzImage"
