#!/bin/sh
# image.sh [--suite SUITE] --out DIR DEB...: a Debian system to boot a
# kernel package in, as a user's machine runs it. A minimal root
# filesystem of SUITE (default bookworm) is made once with debootstrap
# and kept ($LAB_WORK/rt-eval/root-SUITE); each image is a copy with the
# given packages installed by dpkg inside it (so Debian's initramfs-tools
# make the initrd, as on a user's machine), rt-eval installed in
# /usr/local/lib/rt-eval and a systemd unit that runs its check
# (guest-job.sh) once the system is up. Writes DIR/rootfs.ext4,
# DIR/vmlinuz, DIR/initrd.img (both from the image's /boot, for QEMU's
# direct kernel boot), DIR/release (the kernel's uname -r) and
# DIR/install.log (dpkg's output). Needs root (chroot, mounts).
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="image.sh [--suite SUITE] --out DIR DEB..."

suite=bookworm out=
while [ $# -gt 0 ]; do
	case $1 in
	--suite) [ $# -ge 2 ] || usage_die "--suite needs a value"; suite=$2; shift 2 ;;
	--out) [ $# -ge 2 ] || usage_die "--out needs a value"; out=$2; shift 2 ;;
	-*) usage_die "unknown option $1" ;;
	*) break ;;
	esac
done
[ -n "$out" ] || usage_die "--out DIR is required"
[ $# -ge 1 ] || usage_die "no kernel package given"
case $suite in *[!a-z-]* | '') usage_die "--suite takes a Debian suite name, not '$suite'" ;; esac
for d in "$@"; do
	[ -f "$d" ] || die "no package at $d"
	dpkg-deb --info "$d" >/dev/null 2>&1 || die "$d is not a Debian package (dpkg-deb --info fails)"
done
[ "$(id -u)" = 0 ] || die "image.sh needs root (debootstrap, chroot and mounts)"
for c in debootstrap mkfs.ext4; do
	command -v $c >/dev/null || die "$c is missing: run 'make deps'"
done

# The root filesystem, made once per suite: systemd as init, what
# initramfs-tools needs, and what rt-eval runs.
packages=systemd-sysv,udev,kmod,initramfs-tools,linux-base,rt-tests,jq,procps,e2fsprogs
cache=$LAB_WORK/rt-eval/root-$suite
if [ ! -f "$cache/.whole" ]; then
	rm -rf "$cache"
	mkdir -p "$cache"
	log "debootstrap $suite into $cache (once; $LAB_MIRROR)"
	debootstrap --variant=minbase --include=$packages "$suite" "$cache" "$LAB_MIRROR" \
		>"$cache.log" 2>&1 || { tail -n 20 "$cache.log" >&2; die "debootstrap $suite failed: $cache.log"; }
	echo rt-eval >"$cache/etc/hostname"
	printf '/dev/vda / ext4 defaults 0 1\n' >"$cache/etc/fstab"
	# No password prompt at the console: the check runs as a unit.
	chroot "$cache" passwd -d root >/dev/null
	: >"$cache/.whole"
fi

mkdir -p "$out"
out=$(cd "$out" && pwd)
root=$out/root
# umount_all: what the install mounts in the image's tree. Always before
# removing the tree: a bind-mounted /dev under it would go too.
umount_all() {
	for m in dev/pts dev sys proc; do
		! mountpoint -q "$root/$m" 2>/dev/null || umount "$root/$m" ||
			die "cannot unmount $root/$m: remove it by hand once it is unmounted"
	done
}
umount_all
rm -rf --one-file-system "$root"
cp -a "$cache" "$root"
rm -f "$root/.whole"

lib=$root/usr/local/lib/rt-eval
mkdir -p "$lib"
cp "$LAB_ROOT/lab/rt-eval/rt-eval.sh" "$LAB_ROOT/lab/rt-eval/summary.jq" "$LAB_ROOT/lab/rt-eval/record.jq" \
	"$LAB_ROOT/lab/rt-eval/guest-job.sh" "$LAB_ROOT/guest/ktap.sh" "$LAB_ROOT/lab/verdict/splat-patterns" "$lib/"
cat >"$root/etc/systemd/system/rt-eval-check.service" <<EOF
[Unit]
Description=rt-eval check of this kernel (slub-rt lab)
After=multi-user.target

[Service]
# Started at once, so that the boot finishes and the check can wait for
# it (systemctl is-system-running --wait): a oneshot unit would hold it.
Type=simple
ExecStart=/bin/sh /usr/local/lib/rt-eval/guest-job.sh

[Install]
WantedBy=multi-user.target
EOF
# The check writes to the serial console; a getty there would hang the
# line up under it.
ln -sf /dev/null "$root/etc/systemd/system/serial-getty@ttyS0.service"
mkdir -p "$root/etc/systemd/system/multi-user.target.wants"
ln -sf /etc/systemd/system/rt-eval-check.service "$root/etc/systemd/system/multi-user.target.wants/"

# dpkg inside the image: the package's scripts run update-initramfs there.
mkdir -p "$root/tmp/debs"
cp "$@" "$root/tmp/debs/"
trap umount_all EXIT
trap 'umount_all; exit 130' INT TERM HUP
mount -t proc proc "$root/proc"
mount -t sysfs sys "$root/sys"
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"
log "installing $(for d in "$@"; do basename "$d"; done | tr '\n' ' ')into the image"
chroot "$root" sh -c 'dpkg -i /tmp/debs/*.deb' >"$out/install.log" 2>&1 ||
	{ tail -n 20 "$out/install.log" >&2; die "dpkg -i failed inside the image: $out/install.log"; }
umount_all
trap - EXIT INT TERM HUP
rm -rf "$root/tmp/debs"

release=$(ls "$root/boot" | sed -n 's/^vmlinuz-//p')
[ -n "$release" ] || die "the packages installed no /boot/vmlinuz-*: $out/install.log"
[ "$(echo "$release" | wc -l)" = 1 ] ||
	die "the packages installed more than one kernel ($(echo $release)): give one linux-image package"
[ -f "$root/boot/initrd.img-$release" ] ||
	die "no initrd.img-$release: initramfs-tools did not run (see $out/install.log)"
cp "$root/boot/vmlinuz-$release" "$out/vmlinuz"
cp "$root/boot/initrd.img-$release" "$out/initrd.img"
echo "$release" >"$out/release"

# The image: the tree and 1 GiB of room (rt-eval's results, the journal).
size=$(( $(du -sm "$root" | cut -f1) + 1024 ))
rm -f "$out/rootfs.ext4"
mkfs.ext4 -q -F -L rt-eval -d "$root" "$out/rootfs.ext4" "${size}M" >/dev/null ||
	die "mkfs.ext4 -d failed for $out/rootfs.ext4"
rm -rf --one-file-system "$root"
log "image: $out/rootfs.ext4 (${size} MiB), kernel $release"
