#!/bin/sh
# deps.sh: install, from Debian's packages only, everything the lab needs,
# and fetch Debian's newer kernel for the mainline variants
# (lab/setup/fetch-mainline.sh, which installs nothing). Idempotent: does
# nothing when all packages are present. As non-root it prints the
# apt-get line to run and fails.
set -eu
. "$(dirname "$0")/../lib/common.sh"

PACKAGES="gcc make flex bison bc libelf-dev libssl-dev cpio xz-utils ccache file
git perl python3 python3-ply python3-git linux-source-6.12 linux-config-6.12 qemu-system-x86 busybox-static rt-tests
linux-perf libgsl-dev libjansson-dev libncurses-dev gnuplot-nox b4 libxml2-dev libxml2-utils lava-common
jq python3-yaml debootstrap e2fsprogs dpkg-dev debhelper kmod rsync"

missing=
for p in $PACKAGES; do
	st=$(dpkg-query -W -f '${db:Status-Status}' "$p" 2>/dev/null || true)
	[ "$st" = installed ] || missing="$missing $p"
done
# The kernel source and Debian's configurations in the version the series
# is based on (lib.sh), even when Debian has a newer one.
for p in linux-source-6.12 linux-config-6.12; do
	kver=$(dpkg-query -W -f '${db:Status-Status} ${Version}' $p 2>/dev/null || true)
	if [ "$kver" != "installed $LAB_KERNEL_DEB" ]; then
		missing=$(echo "$missing" | sed "s/ $p\( \|\$\)/\1/")
		missing="$missing $p=$LAB_KERNEL_DEB"
	fi
done
# Debian's newer kernel for the mainline variants (bench only), from
# another suite with an apt configuration of its own: a failure is a
# warning here, and an error when a mainline variant is built.
sh "$LAB_ROOT/lab/setup/fetch-mainline.sh" >/dev/null ||
	echo "lab: warning: linux-source-$LAB_MAINLINE_PKG $LAB_MAINLINE_DEB could not be fetched; the mainline variants need it" >&2
[ -z "$missing" ] && exit 0

line="apt-get update && apt-get install -y --no-install-recommends --allow-downgrades$missing"
if [ "$(id -u)" != 0 ]; then
	echo "lab: missing Debian packages:$missing" >&2
	echo "lab: as root, run: $line" >&2
	exit 1
fi
log "installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null
# shellcheck disable=SC2086
apt-get install -y -q --no-install-recommends --allow-downgrades $missing >/dev/null
log "packages installed"
