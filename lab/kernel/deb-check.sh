#!/bin/sh
# deb-check.sh [--modules LIST] PACKAGE RELEASE: the checks a kernel image
# package from make deb (lab/kernel/deb.sh) must pass before anyone
# installs it: its name is linux-image-RELEASE, it is for amd64, it holds
# /boot/vmlinuz-RELEASE and its configuration, which is PREEMPT_RT, and,
# with --modules, each module of LIST (configs/deb-modules.list) as a
# module file or as built in (modules.builtin). Prints the package's
# installed size and module count.
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="deb-check.sh [--modules LIST] PACKAGE RELEASE"

list=
while [ $# -gt 0 ]; do
	case $1 in
	--modules) [ $# -ge 2 ] || usage_die "--modules needs a value"; list=$2; shift 2 ;;
	-*) usage_die "unknown option $1" ;;
	*) break ;;
	esac
done
[ $# -eq 2 ] || usage_die "expected a package and a kernel release"
pkg=$1 release=$2
[ -f "$pkg" ] || die "no package at $pkg"
dpkg-deb --info "$pkg" >/dev/null 2>&1 || die "$pkg is not a Debian package (dpkg-deb --info fails)"
[ -z "$list" ] || [ -f "$list" ] || die "no module list at $list"
[ -z "$list" ] || deb_modules "$list" >/dev/null || exit 1

name=$(dpkg-deb --field "$pkg" Package)
[ "$name" = "linux-image-$release" ] || die "$pkg: Package is '$name', not linux-image-$release"
arch=$(dpkg-deb --field "$pkg" Architecture)
[ "$arch" = amd64 ] || die "$pkg: Architecture is '$arch', not amd64"
files=$(mktemp)
trap 'rm -f "$files"' EXIT
dpkg-deb --contents "$pkg" | awk '{ print $NF }' >"$files"
for f in "./boot/vmlinuz-$release" "./boot/config-$release"; do
	grep -qx "$f" "$files" || die "$pkg lacks ${f#.}"
done
dpkg-deb --fsys-tarfile "$pkg" | tar -xOf - "./boot/config-$release" | grep -qx 'CONFIG_PREEMPT_RT=y' ||
	die "$pkg: its configuration (/boot/config-$release) is not PREEMPT_RT"
if [ -n "$list" ]; then
	# Module file names, '-' read as '_' as lsmod does, without .ko and
	# any compression suffix; then modules.builtin's, the same way.
	have=$(mktemp)
	trap 'rm -f "$files" "$have"' EXIT
	{
		grep "^\./lib/modules/$release/.*\.ko\(\.[a-z]*\)\{0,1\}\$" "$files" || true
		if grep -qx "./lib/modules/$release/modules.builtin" "$files"; then
			dpkg-deb --fsys-tarfile "$pkg" | tar -xOf - "./lib/modules/$release/modules.builtin"
		fi
	} | sed -e 's,.*/,,' -e 's/\.ko\(\.[a-z]*\)\{0,1\}$//' | tr '-' '_' | sort -u >"$have"
	missing=
	for m in $(deb_modules "$list" | cut -d' ' -f1 | tr '-' '_'); do
		grep -qx "$m" "$have" || missing="$missing $m"
	done
	[ -z "$missing" ] || die "$pkg has neither a module file nor a built-in entry for:$missing"
fi
size=$(dpkg-deb --field "$pkg" Installed-Size)
echo "$(basename "$pkg"): ${size:-unknown} kB installed, $(grep -c '\.ko\(\.[a-z]*\)\{0,1\}$' "$files") modules"
