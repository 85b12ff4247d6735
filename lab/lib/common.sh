# Common helpers for the lab scripts (POSIX sh, sourced): paths, messages,
# small helpers; lab/lib/ holds the rest, sourced from here.
# The knobs a user sets are docs/lab.md's table (#knobs): LAB_WORK,
# LAB_OBJ, LAB_RESULTS, LAB_LOCAL, LAB_CACHE, LAB_MIRROR, LAB_JOBS,
# KERNEL_SRC (and make check's LAB_CHECK_VARIANTS, check-distro's
# LAB_DISTRO_VARIANTS). LAB_PATCHES, LAB_SERIES_TREE, LAB_VARIANTS and
# LAB_CONFIGS (other patches/, series tree, variants/, configs/) are the
# self-tests' hooks; the LAB_*_DEB, LAB_*_TARBALL and LAB_MAINLINE_* pins
# say what the series is based on.

# The repository's root: the folder above the calling script's that holds
# lab/lib/common.sh (scripts live in lab/STAGE/ and in tests/).
LAB_ROOT=$(cd "$(dirname "$0")" && while [ ! -f lab/lib/common.sh ] && [ "$PWD" != / ]; do cd ..; done && pwd)
[ -f "$LAB_ROOT/lab/lib/common.sh" ] || { echo "lab: cannot find the lab's root above $0" >&2; exit 1; }
LAB_WORK=${LAB_WORK:-$LAB_ROOT/build}
LAB_RESULTS=${LAB_RESULTS:-$LAB_ROOT/results}
LAB_TARBALL=${LAB_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
# The Debian package the series is based on. Its tarball, committed as
# one commit, is the base-commit patches/ states; another version gives
# another commit, and b4 would not find the base (make deps installs this
# one; moving the series to a new one means re-exporting it).
LAB_KERNEL_DEB=${LAB_KERNEL_DEB:-6.12.118-1~deb12u1}
# The public release the series applies to: Debian's tarball is it plus
# Debian's own changes. Of the files the series touches, Debian changes only
# Documentation/admin-guide/kernel-parameters.txt (two documentation hunks
# of its x32 and intel-iommu patches). lab/series/tree.sh takes those out
# in a commit of their own, "upstream", and the series is made and exported
# on it, so that its index lines name upstream's blobs (docs/lab.md).
UPSTREAM_RELEASE=v6.12.118
# Debian's kernel configurations (package linux-config-6.12, in the same
# version), which variants with config=debian:FLAVOUR start from.
LAB_DEBIAN_CONFIGS=${LAB_DEBIAN_CONFIGS:-/usr/src/linux-config-6.12}
# What the guest (guest/init) and its jobs use, which must be built in: a
# build of a distribution's configuration builds no modules.
GUEST_NEEDS="SERIAL_8250 SERIAL_8250_CONSOLE BLK_DEV_INITRD DEVTMPFS PROC_FS SYSFS TMPFS
BINFMT_ELF BINFMT_SCRIPT UNIX FUTEX EPOLL PERF_EVENTS CGROUPS MEMCG"
# Mainline: Debian's newer kernel, from another suite, the tree kind
# "mainline" the bench sets beside the series. lab/setup/fetch-mainline.sh
# fetches its packages (source and configurations, this version) with an
# apt configuration of its own, into LAB_CACHE (shared by every clone);
# lab/series/tree.sh mainline unpacks and commits it.
LAB_MAINLINE_PKG=${LAB_MAINLINE_PKG:-7.3}
LAB_MAINLINE_DEB=${LAB_MAINLINE_DEB:-7.3.4-1~bpo13+1}
LAB_MAINLINE_SUITE=${LAB_MAINLINE_SUITE:-trixie-backports}
LAB_MIRROR=${LAB_MIRROR:-http://deb.debian.org/debian}
_cache_home=${XDG_CACHE_HOME:-${HOME:+$HOME/.cache}}
LAB_CACHE=${LAB_CACHE:-${_cache_home:-$LAB_WORK/cache}/slub-lab}
BASE_TREE=$LAB_WORK/src/base
MAINLINE_TREE=$LAB_WORK/src/mainline
# The second series, for 7.x's sheaves (patches-7.3/, on mainline's
# commit; lab/series/tree.sh sheaves): its tree and folder.
SHEAVES_TREE=$LAB_WORK/src/sheaves
SHEAVES_PATCH_DIR=${LAB_SHEAVES_PATCHES:-$LAB_ROOT/patches-7.3}
SERIES_TREE=${LAB_SERIES_TREE:-$LAB_WORK/src/series}
PATCH_DIR=${LAB_PATCHES:-$LAB_ROOT/patches}
VARIANT_DIR=${LAB_VARIANTS:-$LAB_ROOT/variants}
CONFIG_DIR=${LAB_CONFIGS:-$LAB_ROOT/configs}
LAB_LOCAL=${LAB_LOCAL:-$LAB_ROOT/local}
LAB_OBJ=${LAB_OBJ:-$LAB_WORK/obj}
LAB_START=${LAB_START:-$(date +%s)}
export LAB_START

# Boot parameters for boots that test something other than what the debug
# builds run at boot: NO_BOOT_TESTS skips test_meminit and the built-in
# slub_bench run (seconds of each boot under TCG), NO_KUNIT the KUnit
# suites too (most of a boot on RT). A later slub_bench.run= overrides
# the variant's own.
NO_BOOT_TESTS="initcall_blacklist=test_meminit_init slub_bench.run=0"
NO_KUNIT="kunit.enable=0 $NO_BOOT_TESTS"

# Identity used for the base commit, so it hashes the same on every machine.
LAB_GIT="git -c user.name=lab -c user.email=lab@localhost -c commit.gpgsign=false"

log() {
	printf '[lab %4ss] %s\n' "$(( $(date +%s) - LAB_START ))" "$*" >&2
}

die() {
	printf 'lab: error: %s\n' "$*" >&2
	exit 1
}

usage_die() {
	printf 'lab: %s\n' "$*" >&2
	[ -n "${USAGE:-}" ] && printf 'usage: %s\n' "$USAGE" >&2
	exit 2
}

# number WHAT VALUE: a usage error unless VALUE is a positive whole number.
number() {
	case $2 in '' | *[!0-9]* | 0) usage_die "$1 takes a positive whole number, not '$2'" ;; esac
}

# rotate ROUND WORD...: the words rotated left by ROUND - 1, so that
# round after round no variant always boots first.
rotate() {
	_r=$1
	shift
	echo "$@" | awk -v r="$_r" '{ for (i = 0; i < NF; i++) printf "%s ", $(((i + r - 1) % NF) + 1) }'
}

# time_left DONE TOTAL STARTED: "about N min M s left" after DONE of TOTAL
# steps, at the pace since STARTED (date +%s).
time_left() {
	_left=$((($(date +%s) - $3) * ($2 - $1) / $1))
	echo "about $((_left / 60)) min $((_left % 60)) s left"
}

# The rest, one subject a file: declared builds and variants, kernel
# trees and builds, QEMU, and the facts the records keep.
. "$LAB_ROOT/lab/lib/variants.sh"
. "$LAB_ROOT/lab/lib/kernel.sh"
. "$LAB_ROOT/lab/lib/qemu.sh"
. "$LAB_ROOT/lab/lib/facts.sh"
