#!/bin/sh
# fetch-mainline.sh: Debian's linux-source-$LAB_MAINLINE_PKG and
# linux-config-$LAB_MAINLINE_PKG at the pinned version $LAB_MAINLINE_DEB
# (suite $LAB_MAINLINE_SUITE), for the mainline tree kind
# (lab/series/tree.sh mainline). The machine's apt sources and package
# database stay as they are: apt reads a sources list, package lists and a
# cache of its own under $LAB_CACHE, downloads the two packages and
# installs nothing; dpkg-deb unpacks them into a folder of the cache.
# Does nothing when that folder is whole. Prints the folder, which holds
# usr/src/linux-source-$LAB_MAINLINE_PKG.tar.xz and
# usr/src/linux-config-$LAB_MAINLINE_PKG/.
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="fetch-mainline.sh"
[ $# -eq 0 ] || usage_die "expected no arguments"
pkg=$LAB_MAINLINE_PKG ver=$LAB_MAINLINE_DEB
root=$LAB_CACHE/mainline-$pkg-$ver
if [ -f "$root/.whole" ]; then
	echo "$root"
	exit 0
fi
apt=$LAB_CACHE/apt-$LAB_MAINLINE_SUITE
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/debs"
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[ -f "$keyring" ] || die "$keyring is missing (package debian-archive-keyring)"
echo "deb [signed-by=$keyring] $LAB_MIRROR $LAB_MAINLINE_SUITE main" >"$apt/sources.list"
# As root, apt would drop to its _apt user for the download, which cannot
# write into a cache folder of ours.
set -- -o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null \
	-o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" -o APT::Sandbox::User="$(id -un)"
log "fetching linux-source-$pkg and linux-config-$pkg $ver ($LAB_MAINLINE_SUITE) into $root"
apt-get -q "$@" update >"$apt/update.log" 2>&1 ||
	{ cat "$apt/update.log" >&2; die "apt-get update of $LAB_MAINLINE_SUITE failed (above)"; }
(cd "$apt/debs" && apt-get -q "$@" download "linux-source-$pkg=$ver" "linux-config-$pkg=$ver") \
	>"$apt/download.log" 2>&1 ||
	{ cat "$apt/download.log" >&2; die "linux-source-$pkg or linux-config-$pkg $ver is not in $LAB_MAINLINE_SUITE (above)"; }
rm -rf "$root"
mkdir -p "$root"
for d in "$apt/debs"/linux-source-"$pkg"_*.deb "$apt/debs"/linux-config-"$pkg"_*.deb; do
	case $d in *_"$(printf '%s' "$ver" | sed 's/:/%3a/')"_*) dpkg-deb -x "$d" "$root" ;; esac
done
[ -f "$root/usr/src/linux-source-$pkg.tar.xz" ] && [ -d "$root/usr/src/linux-config-$pkg" ] ||
	die "the packages in $apt/debs did not hold usr/src/linux-source-$pkg.tar.xz and usr/src/linux-config-$pkg/"
: >"$root/.whole"
log "linux-source-$pkg $ver: $root"
echo "$root"
