# QEMU (POSIX sh, sourced by lab/lib/common.sh): the one place that spells
# QEMU's command line. qemu_argv builds it from the profile,
# lab/run/qemu.json (the machine, and a purpose's overlay: its memory,
# timeout and kernel parameters), for every run: lab/run/boot.sh,
# lab/rt-eval/boot-image.sh, kvm_boots below, and the LAVA job's context
# and device (lab/farm/lava-jobs.sh, lava-device.sh), which are parts of
# the same command line.

QEMU_PROFILE=$LAB_ROOT/lab/run/qemu.json

# have_kvm: /dev/kvm exists and we can open it read-write.
have_kvm() {
	[ -c /dev/kvm ] && [ -r /dev/kvm ] && [ -w /dev/kvm ]
}

# qemu_profile PURPOSE KEY: KEY of the profile, PURPOSE's own when it has
# one (a JSON list as words; kernel parameters add up instead: qemu_argv).
qemu_profile() {
	jq -r --arg p "$1" --arg k "$2" '(.purposes[$p][$k] // .[$k]) // empty
		| if type == "array" then join(" ") else . end' "$QEMU_PROFILE"
}

# qemu_purposes: the purposes the profile declares, one a line.
qemu_purposes() {
	jq -r '.purposes | keys[]' "$QEMU_PROFILE"
}

# qemu_argv [OPTIONS]: QEMU's command line, one option a line: first the
# binary, then "-flag" or "-flag VALUE" (VALUE the rest of the line, spaces
# and all; qemu_words splits it). OPTIONS:
#   --purpose P       the profile's overlay P (default check): memory,
#                     vCPUs and kernel parameters
#   --accel A         kvm, tcg (default) or tcg-single (every vCPU on one
#                     host thread)
#   --icount          TCG: guest time counts instructions
#   --native-cpu      TCG: the CPU hides the hypervisor bit
#   --numa            one NUMA node per vCPU, each its own socket
#   --smp N, --memory M   instead of the purpose's (M: NNNM or NNG)
#   --console FILE    the serial console into FILE
#   --kernel F, --initrd F, --drive F (a raw virtio disk)
#   --append PARAMS   kernel parameters after the profile's and the purpose's
#   --part P          purpose lava only: one part of the command line, for
#                     the LAVA device (device: the template's own options,
#                     memory among them), the job's context (extra: its
#                     extra_options) or the job's images (kernel, initrd)
# Purpose lava is the command line a LAVA server runs for a qemu device:
# its template's console and network instead of the local console
# options, no accelerator (the job asks for none: no_kvm), {kernel} and
# {ramdisk} for the images, and no panic= (see docs/farm.md).
qemu_argv() {
	_qa_purpose=check _qa_accel=tcg _qa_icount=0 _qa_native=0 _qa_numa=no _qa_smp= _qa_mem=
	_qa_console= _qa_kernel= _qa_initrd= _qa_drive= _qa_append= _qa_part=all
	while [ $# -gt 0 ]; do
		case $1 in
		--icount) _qa_icount=1; shift; continue ;;
		--native-cpu) _qa_native=1; shift; continue ;;
		--numa) _qa_numa=yes; shift; continue ;;
		esac
		[ $# -ge 2 ] || die "qemu_argv: $1 needs a value"
		case $1 in
		--purpose) _qa_purpose=$2 ;;
		--accel) _qa_accel=$2 ;;
		--smp) _qa_smp=$2 ;;
		--memory) _qa_mem=$2 ;;
		--console) _qa_console=$2 ;;
		--kernel) _qa_kernel=$2 ;;
		--initrd) _qa_initrd=$2 ;;
		--drive) _qa_drive=$2 ;;
		--append) _qa_append=$2 ;;
		--part) _qa_part=$2 ;;
		*) die "qemu_argv: unknown option $1" ;;
		esac
		shift 2
	done
	jq -e --arg p "$_qa_purpose" '.purposes | has($p)' "$QEMU_PROFILE" >/dev/null ||
		die "QEMU purpose '$_qa_purpose' is not in $QEMU_PROFILE (purposes: $(qemu_purposes | tr '\n' ' '))"
	: "${_qa_smp:=$(qemu_profile "$_qa_purpose" smp)}" "${_qa_mem:=$(qemu_profile "$_qa_purpose" memory)}"
	# The profile's kernel parameters, the purpose's, the caller's.
	_qa_cmdline="$(jq -r --arg p "$_qa_purpose" '.cmdline + (.purposes[$p].cmdline // []) | join(" ")' "$QEMU_PROFILE") $_qa_append"
	_qa_cpu=$(qemu_profile "$_qa_purpose" cpu)
	[ $_qa_native = 0 ] || _qa_cpu=$_qa_cpu,-hypervisor
	_qa_topology=$(qemu_topology "$_qa_smp" "$_qa_mem" $_qa_numa) || return 1
	if [ "$_qa_purpose" = lava ]; then
		# The command line without panic=: without one the kernel halts
		# on a panic and LAVA's check of the kernel's messages reports
		# it; with one, the reboot would end QEMU (-no-reboot) and LAVA
		# would call the lost console an infrastructure error.
		_qa_cmdline=$(printf '%s\n' "$_qa_cmdline" | awk '{ for (i = 1; i <= NF; i++) if ($i !~ /^panic=/) printf "%s%s", (n++ ? " " : ""), $i; print "" }')
		{
			[ "$_qa_part" != all ] || qemu_profile lava binary
			if [ "$_qa_part" = all ] || [ "$_qa_part" = device ]; then
				# LAVA's qemu device-type template (qemu.jinja2): its
				# console on QEMU's stdio, a network card, the memory
				# from the job's context.
				printf '%s\n' -nographic "-net nic,model=virtio,macaddr=52:54:00:12:34:58" "-net user" \
					"-m $_qa_mem" "-monitor none"
			fi
			if [ "$_qa_part" = all ] || [ "$_qa_part" = extra ]; then
				echo "-cpu $_qa_cpu"
				printf '%s\n' "$_qa_topology" | grep -v '^-m '
				echo "-no-reboot"
			fi
			case $_qa_part in all | kernel) echo "-kernel {kernel}"; echo "-append $_qa_cmdline" ;; esac
			case $_qa_part in all | initrd) echo "-initrd {ramdisk}" ;; esac
		}
		return 0
	fi
	[ "$_qa_part" = all ] || die "qemu_argv: --part is for --purpose lava"
	qemu_profile "$_qa_purpose" binary
	case $_qa_accel in
	kvm) printf '%s\n' "-accel kvm" "-cpu host" ;;
	tcg) printf '%s\n' "-accel tcg" "-cpu $_qa_cpu" ;;
	tcg-single) printf '%s\n' "-accel tcg,thread=single" "-cpu $_qa_cpu" ;;
	*) die "qemu_argv: --accel takes kvm, tcg or tcg-single, not '$_qa_accel'" ;;
	esac
	if [ $_qa_icount = 1 ]; then
		[ "$_qa_accel" != kvm ] || die "qemu_argv: --icount needs TCG"
		echo "-icount shift=0,sleep=off"
	fi
	printf '%s\n' "$_qa_topology"
	# The guest powers off through a reboot (guest/init): it ends QEMU.
	echo "-no-reboot"
	# No default devices, display or monitor: the serial console is the
	# run's log.
	printf '%s\n' -nodefaults "-display none" "-monitor none"
	[ -z "$_qa_console" ] || echo "-serial file:$_qa_console"
	[ -z "$_qa_kernel" ] || echo "-kernel $_qa_kernel"
	[ -z "$_qa_initrd" ] || echo "-initrd $_qa_initrd"
	[ -z "$_qa_drive" ] || echo "-drive file=$_qa_drive,if=virtio,format=raw"
	echo "-append $(printf '%s\n' "$_qa_cmdline" | awk '{ $1 = $1; print }')"
}

# qemu_topology SMP MEM NUMA: the vCPU and memory options, one a line.
# -m MEM (NNNM or NNG), and with NUMA=yes one node per vCPU, each its own
# socket (with all vCPUs in one socket the guest warns that the socket's
# cache siblings span nodes) and an equal share of MEM in a RAM backend of
# its own.
qemu_topology() {
	case $1 in '' | *[!0-9]* | 0) die "QEMU's vCPUs: '$1' is not a positive whole number" ;; esac
	case $2 in
	*[0-9]G) _qt_mib=${2%G} _qt_unit=1024 ;;
	*[0-9]M) _qt_mib=${2%M} _qt_unit=1 ;;
	*) die "memory size '$2' is not NNNM or NNG" ;;
	esac
	case $_qt_mib in *[!0-9]*) die "memory size '$2' is not NNNM or NNG" ;; esac
	_qt_mib=$((_qt_mib * _qt_unit))
	if [ "$3" != yes ]; then
		printf '%s\n' "-smp $1" "-m $2"
		return
	fi
	_qt_per=$((_qt_mib / $1))
	[ $((_qt_per * $1)) = "$_qt_mib" ] || die "$2 of memory does not split into $1 equal NUMA nodes"
	printf '%s\n' "-smp $1,sockets=$1" "-m $2"
	_qt_i=0
	while [ $_qt_i -lt "$1" ]; do
		printf '%s\n' "-object memory-backend-ram,id=node$_qt_i,size=${_qt_per}M" \
			"-numa node,nodeid=$_qt_i,cpus=$_qt_i,memdev=node$_qt_i"
		_qt_i=$((_qt_i + 1))
	done
}

# qemu_words: qemu_argv's lines (stdin) as QEMU's arguments, one a line.
qemu_words() {
	awk '{ i = index($0, " ") } NR > 1 && i { print substr($0, 1, i - 1); print substr($0, i + 1); next } { print }'
}

# qemu_quoted ARGV-FILE: the arguments (one a line) as one shell-quoted
# command line, to read or to paste (lab/run/boot.sh --show-command).
qemu_quoted() {
	awk '{ s = $0; if (s !~ /^[A-Za-z0-9_@%+=:,.\/-]+$/) { gsub(/\047/, "\047\\\047\047", s); s = "\047" s "\047" }
		printf "%s%s", (NR > 1 ? " " : ""), s } END { print "" }' "$1"
}

# qemu_joined: qemu_argv's lines (stdin) as one string for a LAVA job's
# image_arg, which LAVA splits as a shell would: a value with a space goes
# in the quotes it does not hold (lava-jobs.sh refuses one with both).
qemu_joined() {
	awk '{ i = index($0, " ") } i && substr($0, i + 1) ~ / / {
		v = substr($0, i + 1); q = index(v, "\"") ? "\047" : "\""; $0 = substr($0, 1, i) q v q }
		{ printf "%s%s", (NR > 1 ? " " : ""), $0 } END { print "" }'
}

# qemu_exec TIMEOUT ARGV-FILE: run the arguments of ARGV-FILE under the
# host's TIMEOUT (seconds; timeout(1): exit 124, or 137 once killed).
qemu_exec() {
	_qe_t=$1
	set -f
	_qe_ifs=$IFS
	IFS='
'
	# shellcheck disable=SC2046
	set -- $(cat "$2")
	IFS=$_qe_ifs
	set +f
	timeout -k 10 "$_qe_t" "$@" </dev/null
}

# kvm_boots KERNEL: KVM really runs a 64-bit kernel here. Some hosts offer a
# /dev/kvm on which firmware runs but a kernel never prints a line (nested
# or paravirtual setups), so we try once per host boot and remember: a
# small guest with no init (the profile's probe), which panics (and so
# reboots and ends QEMU) right after its first lines.
kvm_boots() {
	have_kvm || return 1
	_memo=$LAB_WORK/kvm-boots
	_id=$(cat /proc/sys/kernel/random/boot_id 2>/dev/null || echo unknown)
	if [ -f "$_memo" ] && [ "$(cut -d' ' -f1 "$_memo")" = "$_id" ]; then
		[ "$(cut -d' ' -f2 "$_memo")" = yes ]
		return
	fi
	_con=$(mktemp)
	qemu_argv --purpose probe --accel kvm --console "$_con" --kernel "$1" | qemu_words >"$_con.argv"
	qemu_exec "$(qemu_profile probe timeout_s)" "$_con.argv" >/dev/null 2>&1
	_ans=no
	grep -q 'Linux version' "$_con" && _ans=yes
	rm -f "$_con" "$_con.argv"
	mkdir -p "$LAB_WORK"
	echo "$_id $_ans" >"$_memo"
	[ $_ans = yes ] || log "/dev/kvm is present but a kernel does not boot on it here; using TCG"
	[ $_ans = yes ]
}
