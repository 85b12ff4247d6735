#!/bin/sh
# build.sh VARIANT: configure and build the kernel of a declared variant.
# The config is tinyconfig plus the variant's fragments; every fragment line
# must survive olddefconfig. Builds go to build/obj/<tree>-<fragments>, are
# incremental, and use ccache when it is installed. Prints the bzImage path.
set -eu
. "$(dirname "$0")/lib.sh"
USAGE="build.sh VARIANT"
[ $# -eq 1 ] || usage_die "expected one variant name"
load_variant "$1"

sh "$LAB_ROOT/lab/tree.sh" "$V_TREE"
src=$(tree_dir "$V_TREE")
# shellcheck disable=SC2086
obj=$(obj_dir "$V_TREE" $V_FRAGMENTS)
mkdir -p "$obj"

frags=
for f in $V_FRAGMENTS; do frags="$frags $CONFIG_DIR/$f.config"; done

cc=gcc
if command -v ccache >/dev/null 2>&1; then
	cc="ccache gcc"
	# Hash paths relative to the build folder, so that every clone of the
	# lab (CI clones to a new folder each time) shares one cache.
	export CCACHE_BASEDIR="$LAB_WORK" CCACHE_NOHASHDIR=1
fi
jobs=${LAB_JOBS:-$(nproc)}
kmake() {
	make -s -C "$src" O="$obj" CC="$cc" -j"$jobs" "$@"
}

# Reconfigure only when the fragments, this recipe or the tree's Kconfig
# files changed, so source edits rebuild incrementally. (A tree built at a
# point where an option did not exist drops it from .config for good.)
# shellcheck disable=SC2086
stamp=$({ cat $frags "$0"; find "$src" -name 'Kconfig*' -type f | LC_ALL=C sort | xargs cat; } |
	sha256sum | cut -d' ' -f1)
if [ ! -f "$obj/.config" ] || [ "$(cat "$obj/.lab-config-stamp" 2>/dev/null)" != "$stamp" ]; then
	log "configuring $obj: tinyconfig +$V_FRAGMENTS"
	rm -f "$obj/.lab-config-stamp"
	kmake tinyconfig >/dev/null
	# tinyconfig turns on SLUB_TINY, which selects SLAB_MERGE_DEFAULT. The
	# guest fragment turns SLUB_TINY off; drop both lines so that the
	# merge default is the tree's own Kconfig default, not SLUB_TINY's.
	sed -i -e '/^CONFIG_SLUB_TINY=/d' -e '/^CONFIG_SLAB_MERGE_DEFAULT=/d' "$obj/.config"
	# shellcheck disable=SC2086
	"$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" $frags >"$obj/merge.log" 2>&1 ||
		{ cat "$obj/merge.log" >&2; die "merge_config failed"; }
	kmake olddefconfig >/dev/null
	# shellcheck disable=SC2086
	sh "$LAB_ROOT/lab/config-check.sh" "$obj/.config" $frags ||
		die "variant $V_NAME: fragment options did not survive olddefconfig (listed above)"
	echo "$stamp" >"$obj/.lab-config-stamp"
fi

log "building $V_NAME in $obj ($cc, -j$jobs)"
if ! kmake bzImage >"$obj/build.log" 2>&1; then
	grep -E 'error|Error' "$obj/build.log" | head -40 >&2
	die "kernel build failed for $V_NAME; full log: $obj/build.log"
fi
grep -E 'warning:' "$obj/build.log" | head -20 >&2 || true

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
# source for every tree: base and series kernels then run the same
# benchmark code, and the base kernel itself stays as Debian ships it.
rm -rf "$obj/slub_bench"
if grep -q '^CONFIG_MODULES=y' "$obj/.config"; then
	sh "$LAB_ROOT/lab/tree.sh" series
	mkdir -p "$obj/slub_bench"
	cp "$(tree_dir series)/lib/slub_bench.c" "$obj/slub_bench/"
	echo 'obj-m := slub_bench.o' >"$obj/slub_bench/Kbuild"
	# "make modules" of the kernel itself writes Module.symvers, which
	# an external module links against.
	{ kmake modules && kmake M="$obj/slub_bench" modules; } >"$obj/slub_bench/build.log" 2>&1 ||
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
	kmake M="$obj/lab-modules" modules >"$obj/lab-modules/build.log" 2>&1 ||
		{ cat "$obj/lab-modules/build.log" >&2; die "guest/modules failed to build for $V_NAME"; }
	log "built the lab's test modules in $obj/lab-modules"
fi
log "built $V_NAME: $obj/arch/x86/boot/bzImage"
echo "$obj/arch/x86/boot/bzImage"
