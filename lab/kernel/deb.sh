#!/bin/sh
# deb.sh [--full] [--config-only] [--out DIR] VARIANT (make deb): Debian
# binary packages (the kernel's bindeb-pkg) of series-rt-debian (6.12 with
# the series) or base-rt-debian (plain 6.12), both on Debian's RT
# configuration, to install with `apt install ./linux-image-*.deb` on
# bookworm or trixie, and for make rt-eval.
#
# --full keeps every module Debian's configuration builds, and makes the
# headers package: what a user builds for their own machine. Without it,
# the modules are trimmed to configs/deb-modules.list (what the lab's
# Debian image loads; localmodconfig with that list) and no headers
# package is made, so that the lab's pair fits its 2 cores. The release
# says which: -slub-rt-vN (N: patches/cover-letter.txt's Revision) or
# -base-rt, with -lab appended when trimmed, so that a trimmed kernel is
# never taken for a full one.
#
# The build folder is DIR/obj, and the packages land in DIR (default
# $LAB_WORK/deb/VARIANT, or VARIANT-full); a rebuild is incremental. The
# image package is checked with lab/kernel/deb-check.sh (one that fails
# is renamed .rejected), and its path printed.
# linux-libc-dev, which bindeb-pkg always makes, is removed: installed by
# a glob, it would replace the distribution's. --config-only writes and
# checks the .config and prints its path, building nothing.
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="deb.sh [--full] [--config-only] [--out DIR] series-rt-debian|base-rt-debian"

full=0 config_only=0 out=
while [ $# -gt 0 ]; do
	case $1 in
	--full) full=1; shift ;;
	--config-only) config_only=1; shift ;;
	--out) [ $# -ge 2 ] || usage_die "--out needs a value"; out=$2; shift 2 ;;
	-*) usage_die "unknown option $1" ;;
	*) break ;;
	esac
done
[ $# -eq 1 ] || usage_die "expected one variant name (make deb VARIANT=series-rt-debian)"
case $1 in
series-rt-debian | base-rt-debian) ;;
*) usage_die "make deb packages series-rt-debian or base-rt-debian, not '$1'" ;;
esac
load_variant "$1"
case $V_TREE in
series) localversion=-slub-rt-v$(cover_field Revision) ;;
*) localversion=-base-rt ;;
esac
case $localversion in -slub-rt-v | *[!a-z0-9.-]*) die "no usable Revision: in $PATCH_DIR/cover-letter.txt" ;; esac
[ $full = 1 ] || localversion=$localversion-lab
modules=$CONFIG_DIR/deb-modules.list
[ $full = 1 ] || deb_modules "$modules" >/dev/null || exit 1

[ -n "$out" ] || out=$LAB_WORK/deb/$V_NAME$([ $full = 0 ] || echo -full)
mkdir -p "$out/obj"
out=$(cd "$out" && pwd)
obj=$out/obj
src=$(tree_dir "$V_TREE")

# The configuration: Debian's plus the variant's fragments (never a make
# menuconfig fragment of the lab's), the release's name, then, trimmed,
# localmodconfig with the module list. Written anew every time (a few
# seconds): localmodconfig only takes modules away, so an earlier
# .config would keep a module list's or --full's change out. Options
# whose values stay the same rebuild nothing.
rm -f "$obj/.lab-config-stamp"
sh "$LAB_ROOT/lab/kernel/configure.sh" --out "$obj" --no-local "$V_NAME" >/dev/null
"$src/scripts/config" --file "$obj/.config" --set-str LOCALVERSION "$localversion"
if [ $full = 0 ]; then
	lsmod=$obj/.lab-modules
	{ echo "Module Size Used by"; deb_modules "$modules" | cut -d' ' -f1; } >"$lsmod"
	# localmodconfig's oldconfig may ask about options it uncovers; an
	# empty answer takes the default.
	yes '' | kmake "$src" "$obj" LSMOD="$lsmod" localmodconfig >"$obj/localmodconfig.log" 2>&1 ||
		{ tail -n 20 "$obj/localmodconfig.log" >&2; die "localmodconfig failed: $obj/localmodconfig.log"; }
	# localmodconfig drops a module it cannot place without a word: each
	# listed symbol must still be set, as a module or built in.
	missing=
	for sym in $(deb_modules "$modules" | cut -d' ' -f2); do
		grep -Eqx "CONFIG_$sym=(m|y)" "$obj/.config" || missing="$missing $sym"
	done
	[ -z "$missing" ] || die "not set after localmodconfig:$missing (check the names in $modules; $obj/localmodconfig.log)"
fi
kmake "$src" "$obj" olddefconfig >/dev/null
grep -qx "CONFIG_LOCALVERSION=\"$localversion\"" "$obj/.config" || die "CONFIG_LOCALVERSION did not stay $localversion"
# A package named after the series must hold it (KERNEL_SRC can point the
# series tree elsewhere): only the series has the raw list_lock option.
[ "$V_TREE" != series ] || grep -q 'CONFIG_SLUB_RAW_LIST_LOCK[= ]' "$obj/.config" ||
	die "the tree $src has no SLUB_RAW_LIST_LOCK option: not the series, so not packaged as $localversion"
if [ $config_only = 1 ]; then
	echo "$obj/.config"
	exit 0
fi

command -v dpkg-buildpackage >/dev/null || die "dpkg-buildpackage is missing: run 'make deps'"
kver=$(kmake "$src" "$obj" kernelversion)
profiles=
[ $full = 1 ] || profiles=-Ppkg.linux-upstream.nokernelheaders
rm -f "$out"/linux-image-*.deb "$out"/linux-image-*.deb.rejected "$out"/linux-headers-*.deb "$out"/linux-libc-dev_*.deb \
	"$out"/linux-upstream_*.buildinfo "$out"/linux-upstream_*.changes
start=$(date +%s)
log "building packages of $V_NAME ($kver$localversion$([ $full = 1 ] && echo ', every module' || echo ', trimmed modules')) in $obj (-j${LAB_JOBS:-$(nproc)})"
# dpkg-buildpackage writes the packages to the build folder's parent, $out.
# LOCALVERSION set, though empty, keeps setlocalversion from adding a "+"
# for a git tree that is not at a release tag (the series tree).
# The package version is the kernel's and the build's UTC time: apt takes
# a rebuild of the same release as an upgrade.
if ! kmake "$src" "$obj" LOCALVERSION= KDEB_PKGVERSION="$kver-$(date -u +%Y%m%d.%H%M%S)" KDEB_CHANGELOG_DIST=trixie \
	DPKG_FLAGS="$profiles" bindeb-pkg >"$obj/build.log" 2>&1; then
	grep -E 'error|Error' "$obj/build.log" | head -40 >&2
	die "package build failed for $V_NAME; full log: $obj/build.log"
fi
log "packages built in $(( ($(date +%s) - start) / 60 )) min $(( ($(date +%s) - start) % 60 )) s"
rm -f "$out"/linux-libc-dev_*.deb

release=$(cat "$obj/include/config/kernel.release")
image=$(ls "$out"/linux-image-*_amd64.deb 2>/dev/null) || die "no linux-image package in $out: $obj/build.log"
# A package that fails a check is renamed, so that neither make rt-eval
# nor a user's apt takes it.
reject() {
	mv "$image" "$image.rejected"
	die "$* ($image.rejected)"
}
[ "$release" = "$kver$localversion" ] || reject "the kernel's release is $release, not $kver$localversion"
if [ $full = 1 ]; then
	sh "$LAB_ROOT/lab/kernel/deb-check.sh" "$image" "$release" >&2 || reject "the package failed its checks"
else
	sh "$LAB_ROOT/lab/kernel/deb-check.sh" --modules "$modules" "$image" "$release" >&2 ||
		reject "the package failed its checks"
fi
[ $full = 1 ] || log "trimmed to the lab's image's modules: for make rt-eval, not for a machine's disks and network (build with --full)"
echo "$image"
