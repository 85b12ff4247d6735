#!/bin/sh
# configure.sh [--out DIR [--local FRAGMENT | --no-local]] VARIANT: write
# the .config a variant's build uses: tinyconfig (or, with the variant's
# config=debian:FLAVOUR, Debian's configuration of that flavour) plus the
# variant's fragments, then its build's local fragment (make menuconfig's,
# when there is one), olddefconfig. Every fragment line must survive
# olddefconfig, or it fails naming it; on Debian's configuration, so must
# what the guest needs built in (GUEST_NEEDS). lab/kernel/build.sh runs this
# first.
#
# It configures the variant's build folder, or DIR with --out (there with
# another local fragment, or none: make menuconfig), and only when the
# fragments, this recipe or the tree's Kconfig files changed, so source
# edits rebuild incrementally. (A tree built at a point where an option did
# not exist drops it from .config for good.) Prints the .config's path.
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="configure.sh [--out DIR [--local FRAGMENT | --no-local]] VARIANT"

# local: the local fragment, none when empty; local_given: 1 when --local or
# --no-local chose it, 0 for the build's own (V_LOCAL).
out= local='' local_given=0
while [ $# -gt 0 ]; do
	case $1 in
	--out) [ $# -ge 2 ] || usage_die "--out needs a value"; out=$2; shift 2 ;;
	--local) [ $# -ge 2 ] || usage_die "--local needs a value"; local=$2 local_given=1; shift 2 ;;
	--no-local) local='' local_given=1; shift ;;
	-*) usage_die "unknown option $1" ;;
	*) break ;;
	esac
done
[ $# -eq 1 ] || usage_die "expected one variant name"
load_variant "$1"
if [ $local_given = 0 ]; then
	local=$V_LOCAL
else
	# The build folder's name says whether it has the local fragment.
	[ -n "$out" ] || usage_die "--local and --no-local need --out"
	[ -z "$local" ] || [ -f "$local" ] || die "no fragment file $local"
fi
obj=${out:-$V_OBJ}
# Absolute paths: merge_config.sh runs in the build folder (below).
case $obj in /*) ;; *) obj=$PWD/$obj ;; esac
case $local in '' | /*) ;; *) local=$PWD/$local ;; esac

sh "$LAB_ROOT/lab/series/tree.sh" "$V_TREE"
src=$(tree_dir "$V_TREE")
mkdir -p "$obj"
frags=
for f in $V_FRAGMENTS; do frags="$frags $CONFIG_DIR/$f.config"; done
frags="$frags $local"

kconfig=$(find "$src" -name 'Kconfig*' -type f | LC_ALL=C sort | xargs cat | sha256sum | cut -d' ' -f1)
start=
case $V_CONFIG in
debian:*)
	start=$LAB_DEBIAN_CONFIGS/config.${V_CONFIG#debian:}.xz
	[ -f "$start" ] || die "variant $V_NAME: no Debian configuration $start (make deps installs linux-config-6.12)"
	;;
esac
# shellcheck disable=SC2086
stamp=$({ cat $frags "$0" $start; echo "$kconfig"; } | sha256sum | cut -d' ' -f1)
if [ -f "$obj/.config" ] && [ "$(cat "$obj/.lab-config-stamp" 2>/dev/null)" = "$stamp" ]; then
	echo "$obj/.config"
	exit 0
fi

log "configuring $obj: $V_CONFIG +$V_FRAGMENTS${local:+ + $local}"
rm -f "$obj/.lab-config-stamp"
kbuild_opts
if [ -n "$start" ]; then
	xz -dc "$start" >"$obj/.config"
else
	# tinyconfig takes about 20 s (three makes, each running the compiler
	# tests of the Makefiles and Kconfig), and depends only on the tree's
	# Kconfig files, its tiny*.config fragments and the compiler: made once
	# for each, then copied. olddefconfig below sets the toolchain's options
	# again anyway.
	tiny=$LAB_WORK/tinyconfig/$({ echo "$kconfig"; $KCC --version; cat "$src"/kernel/configs/tiny*.config \
		"$src/arch/x86/configs/tiny.config"; } | sha256sum | cut -d' ' -f1).config
	if [ -f "$tiny" ]; then
		cp "$tiny" "$obj/.config"
	else
		kmake "$src" "$obj" tinyconfig >/dev/null
		mkdir -p "${tiny%/*}"
		cp "$obj/.config" "$tiny.$$" && mv "$tiny.$$" "$tiny"
	fi
	log "tinyconfig: $tiny"
	# tinyconfig turns on SLUB_TINY, which selects SLAB_MERGE_DEFAULT. The
	# guest fragment turns SLUB_TINY off; drop both lines so that the
	# merge default is the tree's own Kconfig default, not SLUB_TINY's.
	sed -i -e '/^CONFIG_SLUB_TINY=/d' -e '/^CONFIG_SLAB_MERGE_DEFAULT=/d' "$obj/.config"
fi
# merge_config.sh writes its temporary files into the current directory:
# run it in the build folder, not in the caller's (a work tree).
# shellcheck disable=SC2086
(cd "$obj" && "$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" $frags) >"$obj/merge.log" 2>&1 ||
	{ cat "$obj/merge.log" >&2; die "merge_config failed"; }
kmake "$src" "$obj" olddefconfig >/dev/null
# shellcheck disable=SC2086
sh "$LAB_ROOT/lab/kernel/config-check.sh" --may-lack "$V_LACKS" "$obj/.config" $frags ||
	die "variant $V_NAME: fragment options did not survive olddefconfig (listed above)"
# A distribution's configuration builds much as modules; the lab builds
# its bzImage alone, so what the guest and its jobs use must be built in.
if [ -n "$start" ]; then
	for o in $GUEST_NEEDS; do
		grep -q "^CONFIG_$o=y$" "$obj/.config" ||
			die "variant $V_NAME: CONFIG_$o is not built in, and the guest needs it (a module is not built)"
	done
fi
echo "$stamp" >"$obj/.lab-config-stamp"
echo "$obj/.config"
