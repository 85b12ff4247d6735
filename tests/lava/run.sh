#!/bin/sh
# tests/lava/run.sh [--no-summary]: the LAVA jobs of lab/farm/lava-jobs.sh,
# without a kernel build or a farm. A fixture build (tests/lava/fixtures/
# variants, with one boot line) gets a fake build folder (a dummy
# bzImage, selftest and modules) and a dummy base initramfs; its jobs must
# be written, valid to lava-common's schema, and say what matters (the
# command line without panic=, the image URLs, the monitor). Jobs broken
# one way each must be refused by lab/farm/lava-validate.sh, and the device
# configuration in lab/farm/lava-qemu-device.yaml must be valid and
# agree with the jobs' context.
#
# Prints PASS:/FAIL: per check (lab/lib/cases.sh) and, unless
# --no-summary (a caller that prints the closing line), "N passed, N
# failed". Exit status: 0 all passed, 1 a check failed, 77 skipped (the
# SKIP: line says why): lava-common is not installed for LAB_PYTHON
# (default /usr/bin/python3).
set -u
cd "$(dirname "$0")/../.."
summary=1
for a in "$@"; do
	case $a in
	--no-summary) summary=0 ;;
	*) echo "usage: tests/lava/run.sh [--no-summary]" >&2; exit 2 ;;
	esac
done
python=${LAB_PYTHON:-/usr/bin/python3}
if ! "$python" -c 'import yaml, lava_common.schemas' >/dev/null 2>&1; then
	echo "SKIP: LAVA jobs: lava-common is not installed for $python (Debian package lava-common)"
	exit 77
fi
. lab/lib/cases.sh
fails_before=$(grep -c '^fail$' "$T_COUNTS")
fx=tests/lava/fixtures
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The fake build of the fixture variants (tree series, fragment a: one
# folder for all of them), and a base archive of one file.
obj=$tmp/obj/series-a
mkdir -p "$obj/arch/x86/boot" "$obj/selftests" "$obj/slub_bench" "$obj/lab-modules" "$tmp/base/bin" "$tmp/local"
echo 'not a kernel' >"$obj/arch/x86/boot/bzImage"
echo 'a selftest' >"$obj/selftests/slab_sysfs"
echo 'a module' >"$obj/slub_bench/slub_bench.ko"
echo 'a test module' >"$obj/lab-modules/slab_burst.ko"
echo 'not busybox' >"$tmp/base/bin/busybox"
# Its build record, as lab/kernel/build.sh leaves one: the tree's commit.
echo '{"schema": 1, "git": {"tree_commit": "0123456789abcdef0123456789abcdef01234567"}}' >"$obj/build.json"
(cd "$tmp/base" && find . | LC_ALL=C sort | cpio --quiet -o -H newc -R 0:0) >"$tmp/base.cpio"
# Absolute: one check runs lava-jobs.sh from another folder.
LAB_VARIANTS=$PWD/$fx/variants LAB_CONFIGS=$PWD/tests/fixtures/configs LAB_OBJ=$tmp/obj LAB_LOCAL=$tmp/local
LAB_BASE_CPIO=$tmp/base.cpio LAB_PYTHON=$python
export LAB_VARIANTS LAB_CONFIGS LAB_OBJ LAB_LOCAL LAB_BASE_CPIO LAB_PYTHON
job=guest/jobs/check.sh
jobs=$tmp/jobs
v=$jobs/lava-nomerge

# exits CODE CMD...: CMD exits with CODE.
exits() {
	_want=$1
	shift
	"$@"
	_rc=$?
	[ "$_rc" = "$_want" ] || { echo "exit $_rc, not $_want"; return 1; }
}

# field FILE EXPR: the Python expression EXPR on the YAML in FILE, as d,
# with its actions by type as a (a["boot"] is the boot action), re and sys.
field() {
	"$python" -c 'import re, sys, yaml
d = yaml.safe_load(open(sys.argv[1]))
a = {}
for x in d.get("actions", []):
    a.update(x)
print(eval(sys.argv[2], {"d": d, "a": a, "re": re, "sys": sys}))' "$@"
}

# broken NAME CODE: the written job with the Python statement CODE applied
# (on d and a, as field has them), in $tmp/NAME.yaml.
broken() {
	"$python" -c 'import sys, yaml
d = yaml.safe_load(open(sys.argv[1]))
a = {}
for x in d["actions"]:
    a.update(x)
exec(sys.argv[2])
yaml.safe_dump(d, open(sys.argv[3], "w"))' "$v/job.yaml" "$2" "$tmp/$1.yaml"
}

t_section "LAVA jobs: written for a built variant (lab/farm/lava-jobs.sh, lab/run/job-initrd.sh)"
t_says "the fixture matrix (a build and its boot line) gives two jobs, each valid to lava-common" \
	"^2 LAVA jobs in $jobs, images under https://lab.invalid/slub$" \
	sh lab/farm/lava-jobs.sh --out "$jobs" --url https://lab.invalid/slub/ --job $job
again() { sh lab/farm/lava-jobs.sh --out "$tmp/again" --url https://lab.invalid/slub --job $job | grep -c '^ok: .*/job\.yaml$'; }
t_says "each job was validated: an ok: line for each" '^2$' again
folders() {
	for d in "$jobs/lava" "$v"; do
		cmp "$obj/arch/x86/boot/bzImage" "$d/bzImage" && test -s "$d/initrd.cpio" &&
			test -s "$d/job.yaml" || return 1
	done
}
t_ok "the folder of each: its kernel (a copy), initramfs and job" folders
# The initramfs: the base archive as it is, then the run's own archive.
base_size=$(wc -c <"$tmp/base.cpio")
run_archive() { tail -c +"$((base_size + 1))" "$v/initrd.cpio"; }
initrd_base() { head -c "$base_size" "$v/initrd.cpio" | cmp - "$tmp/base.cpio"; }
t_ok "the initramfs starts with the base archive" initrd_base
initrd_list() { run_archive | cpio -it --quiet | tr '\n' ' '; }
t_says "then the job, the selftests, the modules and the topology, and nothing else" \
	'^\. lab lab/job\.sh lab/selftests lab/selftests/slab_sysfs lab/slab_burst\.ko lab/slub_bench\.ko lab/topology $' initrd_list
topology() { run_archive | (cd "$tmp" && mkdir -p run && cd run && cpio -id --quiet lab/topology && cat lab/topology); }
t_says "the topology the check job must see: a node a vCPU" '^nodes=2$' topology
# Without VARIANT=JOB, each variant gets make check's job for it: the
# build's first variant the check job, its boot line the one without
# hackbench (check_jobs).
initrd_job() { tail -c +"$((base_size + 1))" "$jobs/$1/initrd.cpio" | cpio -i --quiet --to-stdout lab/job.sh | cmp - "$2"; }
t_ok "the build's first variant boots make check's job" initrd_job lava guest/jobs/check.sh
t_ok "its boot-parameter variant, the job without hackbench" initrd_job lava-nomerge guest/jobs/check-boot-params.sh
named_job() {
	sh lab/farm/lava-jobs.sh --out "$tmp/named" lava=tests/fixtures/jobs/hang.sh >/dev/null &&
		tail -c +"$((base_size + 1))" "$tmp/named/lava/initrd.cpio" | cpio -i --quiet --to-stdout lab/job.sh |
		cmp - tests/fixtures/jobs/hang.sh
}
t_ok "VARIANT=JOB: the job named" named_job
# The guest's judge alone expects each selftest shipped to report success.
t_ok "job-initrd.sh writes the archive and prints nothing" \
	sh -c '[ -z "$(sh lab/run/job-initrd.sh lava "$1" "$2")" ] && [ -s "$2" ]' - $job "$tmp/one/initrd.cpio"
t_refuses "job-initrd.sh: an unbuilt variant is refused, naming the build to run" \
	"variant unbuilt is not built: run 'lab/kernel/build.sh unbuilt'" sh lab/run/job-initrd.sh unbuilt $job "$tmp/x.cpio"
t_ok "job-initrd.sh: a refused run leaves no archive" test ! -e "$tmp/x.cpio"
t_ok "job-initrd.sh: without its three arguments, a usage error (exit 2)" exits 2 sh lab/run/job-initrd.sh lava $job
t_refuses "lava-jobs: an unbuilt variant is refused, naming the build to run" \
	"variant unbuilt is not built: run 'lab/kernel/build.sh unbuilt'" sh lab/farm/lava-jobs.sh --out "$tmp/none" lava unbuilt
t_ok "lava-jobs: and nothing is written" test ! -e "$tmp/none"
t_refuses "lava-jobs: an unknown variant is refused" 'unknown variant "nosuch"' sh lab/farm/lava-jobs.sh --out "$tmp/none" nosuch
t_ok "lava-jobs: an unknown option is a usage error (exit 2)" exits 2 sh lab/farm/lava-jobs.sh --frob
t_refuses "lava-jobs: a missing job script is refused" 'no job script at /nonexistent.sh' \
	sh lab/farm/lava-jobs.sh --out "$tmp/none" --job /nonexistent.sh lava
default_url() {
	(cd "$tmp" && sh "$OLDPWD/lab/farm/lava-jobs.sh" --out rel lava >/dev/null) &&
		field "$tmp/rel/lava/job.yaml" 'a["deploy"]["images"]["kernel"]["url"]'
}
t_says "lava-jobs: without --url, the images are file:// URLs of the folder, made absolute" \
	"^file://$tmp/rel/lava/bzImage\$" default_url

t_section "LAVA jobs: what the job says"
kernel_arg() { field "$1" 'a["deploy"]["images"]["kernel"]["image_arg"]'; }
# boot.sh's command line is "console=ttyS0 panic=-1 oops=panic" and the
# variant's (here with panic=-1 and panic=10 of its own, and a quote).
want="-kernel {kernel} -append \"console=ttyS0 oops=panic init_on_alloc=1 slub_nomerge lab.note=it's slub_bench.run=1\""
cmdline_is() { [ "$(kernel_arg "$1")" = "$2" ] || { kernel_arg "$1"; return 1; }; }
t_ok "the kernel's command line: boot.sh's without panic=, oops=panic kept, the variant's and its boot line's parameters" \
	cmdline_is "$v/job.yaml" "$want"
t_ok "the build itself boots without its boot line's parameter" cmdline_is "$jobs/lava/job.yaml" \
	"-kernel {kernel} -append \"console=ttyS0 oops=panic init_on_alloc=1 lab.note=it's slub_bench.run=1\""
no_panic() {
	for j in "$jobs"/*/job.yaml; do
		! kernel_arg "$j" | grep -E ' panic=' || return 1
	done
}
t_ok "no panic= left in either job" no_panic
t_says "the images are under --url, the variant's folder" \
	'^https://lab\.invalid/slub/lava-nomerge/bzImage https://lab\.invalid/slub/lava-nomerge/initrd\.cpio -initrd [{]ramdisk[}]$' \
	field "$v/job.yaml" '" ".join([a["deploy"]["images"]["kernel"]["url"], a["deploy"]["images"]["ramdisk"]["url"], a["deploy"]["images"]["ramdisk"]["image_arg"]])'
t_says "their checksums are the files'" "^$(sha256sum <"$v/bzImage" | cut -d' ' -f1) $(sha256sum <"$v/initrd.cpio" | cut -d' ' -f1)\$" \
	field "$v/job.yaml" 'a["deploy"]["images"]["kernel"]["sha256sum"] + " " + a["deploy"]["images"]["ramdisk"]["sha256sum"]'
t_says "qemu on tmpfs, until guest/init's LAB-JOB-BEGIN, LAVA watching the kernel from its first line" \
	"^qemu tmpfs \['LAB-JOB-BEGIN'\] Linux version \[0-9\]\$" \
	field "$v/job.yaml" '" ".join([a["boot"]["method"], a["boot"]["media"], str(a["boot"]["prompts"]), a["boot"]["parameters"]["kernel-start-message"]])'
t_says "the monitor: named for the job, from LAB-JUDGE to LAB-JOB-END" '^lab-check-boot-params LAB-JUDGE LAB-JOB-END$' \
	field "$v/job.yaml" '" ".join(a["test"]["monitors"][0][k] for k in ("name", "start", "end"))'
pattern_is() {
	[ "$(field "$v/job.yaml" 'a["test"]["monitors"][0]["pattern"]')" = '(?:^|\n)(?P<result>not ok|ok) [0-9]+ (?P<test_case_id>[a-z0-9_]+)\s' ]
}
t_ok "its pattern, as written" pattern_is
# The pattern and fixupdict on lines as the guest's judge prints them
# (\r\n from the serial console), and on lines it must not take.
t_says "the pattern takes whole KTAP result lines, the fixupdict LAVA's words, and nothing else" \
	'^splat_scan=pass selftest_slab_sysfs=fail kunit_slub_test=pass expect_3=fail none none none none none$' \
	field "$v/job.yaml" '" ".join((lambda m: m and m["test_case_id"] + "=" + a["test"]["monitors"][0]["fixupdict"][m["result"]] or "none")(re.search(a["test"]["monitors"][0]["pattern"], s)) for s in ("ok 30 splat_scan\r\n", "\r\nnot ok 7 selftest_slab_sysfs\r\n", "\nok 2 kunit_slub_test # SKIP\n", "\r\n# expect_3: no line\r\nnot ok 8 expect_3 # TIMEOUT\r\n", "\r\nKTAP version 1\r\n", "\r\n1..30\r\n", "\r\nok 3 slab_sysfs", "\r\n# splat: not ok 3 read 4240 attributes\r\n", "\r\n# Totals: pass:1 fail:0\r\n"))'
t_says "QEMU as boot.sh runs it: x86_64, TCG on -cpu max, 2 CPUs on 2 NUMA nodes (numa=yes), 1G, -no-reboot" \
	"^x86_64 1G True \['-cpu max', '-smp 2,sockets=2', '-object memory-backend-ram,id=node0,size=512M', '-numa node,nodeid=0,cpus=0,memdev=node0', '-object memory-backend-ram,id=node1,size=512M', '-numa node,nodeid=1,cpus=1,memdev=node1', '-no-reboot'\]\$" \
	field "$v/job.yaml" '" ".join(str(d["context"][k]) for k in ("arch", "memory", "no_kvm", "extra_options"))'
t_says "qemu device type, public, medium priority, named for the variant and its tree's commit (its build record)" \
	'^qemu public medium slub-lab check-boot-params lava-nomerge [(]series 0123456789ab[)]$' \
	field "$v/job.yaml" '" ".join([d["device_type"], d["visibility"], d["priority"], d["job_name"]])'
t_says "the metadata: the variant, its build and tree, the tree's commit as the build record has it, the guest job" \
	'^lava-nomerge lava series 0123456789ab a check-boot-params.sh$' \
	field "$v/job.yaml" '" ".join(d["metadata"][k] for k in ("variant", "build", "tree", "tree-commit", "fragments", "guest-job"))'
no_record() {
	mv "$obj/build.json" "$obj/build.json.away" &&
		sh lab/farm/lava-jobs.sh --out "$tmp/norec" lava >/dev/null &&
		field "$tmp/norec/lava/job.yaml" 'd["metadata"]["tree-commit"]'
	_rc=$?
	mv "$obj/build.json.away" "$obj/build.json"
	return $_rc
}
t_says "without a build record, the commit is unknown (git is not asked)" '^unknown$' no_record
# tree_commit_of JOBS-SCRIPT: lava-jobs.sh (or a broken copy) names the
# tree's commit its build record has.
tree_commit_of() {
	sh "$1" --out "$tmp/tc" lava >/dev/null &&
		[ "$(field "$tmp/tc/lava/job.yaml" 'd["metadata"]["tree-commit"]')" = 0123456789ab ]
}
t_catches "mutation: lava-jobs.sh taking another commit than the tree's is caught" lab/farm/lava-jobs.sh \
	's/.git.tree_commit \/\/ "unknown"/.git.lab_commit \/\/ "unknown"/' tree_commit_of
t_ok "the job's timeout covers boot.sh's 900 s, the boot's and the test's" \
	field "$v/job.yaml" 'd["timeouts"]["job"]["minutes"] * 60 > 900 and a["boot"]["timeout"]["minutes"] <= d["timeouts"]["job"]["minutes"] and a["test"]["timeout"]["minutes"] <= d["timeouts"]["job"]["minutes"] or sys.exit(1)'
dquote() { sh lab/farm/lava-jobs.sh --out "$tmp/dq" dquote >/dev/null && kernel_arg "$tmp/dq/dquote/job.yaml"; }
t_says "a command line with double quotes goes in single quotes" \
	"^-kernel [{]kernel[}] -append 'console=ttyS0 oops=panic dyndbg=\"file mm/slub.c [+]p\"'\$" dquote
t_refuses "a command line with both kinds of quotes is refused" 'has both kinds of quotes' \
	sh lab/farm/lava-jobs.sh --out "$tmp/none" bothquotes

t_section "LAVA jobs: broken ones are refused (lab/farm/lava-validate.sh)"
broken bad-monitor-name 'a["test"]["monitors"][0]["name"] = "lab check"'
t_refuses "a monitor name with a space" "^FAIL: $tmp/bad-monitor-name.yaml: does not match regular expression.*name" \
	sh lab/farm/lava-validate.sh "$tmp/bad-monitor-name.yaml"
broken no-device-type 'del d["device_type"]'
t_refuses "no device_type" "^FAIL: $tmp/no-device-type.yaml: \"device_type\" or multinode should be defined" \
	sh lab/farm/lava-validate.sh "$tmp/no-device-type.yaml"
broken bad-boot-method 'a["boot"]["method"] = "qemu-system"'
t_refuses "a boot method LAVA does not have" "^FAIL: $tmp/bad-boot-method.yaml: unknown action type" \
	sh lab/farm/lava-validate.sh "$tmp/bad-boot-method.yaml"
broken unknown-key 'a["boot"]["failure_message"] = "Kernel panic"'
t_refuses "a key the schema does not know (strict)" "^FAIL: $tmp/unknown-key.yaml: extra keys not allowed.*failure_message" \
	sh lab/farm/lava-validate.sh "$tmp/unknown-key.yaml"
broken long-test 'a["test"]["timeout"] = {"minutes": 60}'
t_refuses "a test timeout longer than the job's" "^FAIL: $tmp/long-test.yaml: Action timeout is larger than job timeout" \
	sh lab/farm/lava-validate.sh "$tmp/long-test.yaml"
broken bad-result 'a["test"]["monitors"][0]["fixupdict"] = {"passed": "ok"}'
t_refuses "a monitor result other than pass, fail, skip, unknown" "^FAIL: $tmp/bad-result.yaml: .*fixupdict" \
	sh lab/farm/lava-validate.sh "$tmp/bad-result.yaml"
printf 'job_name: [unclosed\n' >"$tmp/not-yaml.yaml"
t_refuses "a file that is not YAML" "^FAIL: $tmp/not-yaml.yaml: " sh lab/farm/lava-validate.sh "$tmp/not-yaml.yaml"
t_refuses "a file that is not there" "^FAIL: $tmp/nonexistent.yaml: .*No such file" sh lab/farm/lava-validate.sh "$tmp/nonexistent.yaml"
both() { sh lab/farm/lava-validate.sh "$v/job.yaml" "$tmp/no-device-type.yaml"; }
t_ok "a good and a bad job: exit 1" exits 1 both
both_said() {
	both >"$tmp/both.out"
	cat "$tmp/both.out"
	grep -qx "ok: $v/job.yaml" "$tmp/both.out" && grep -q "^FAIL: $tmp/no-device-type.yaml: " "$tmp/both.out"
}
t_ok "each said for itself, in order" both_said
t_ok "lava-validate without a job: a usage error (exit 2)" exits 2 sh lab/farm/lava-validate.sh
t_says "it says how to call it" '^usage: lava-validate\.sh JOB\.yaml' sh -c 'sh lab/farm/lava-validate.sh; true'
# A python3 that cannot see Debian's packages (-S: no site-packages).
printf '#!/bin/sh\nexec %s -S "$@"\n' "$python" >"$tmp/python-without-lava"
chmod +x "$tmp/python-without-lava"
t_ok "without lava-common: exit 2" exits 2 env LAB_PYTHON="$tmp/python-without-lava" sh lab/farm/lava-validate.sh "$v/job.yaml"
t_says "naming the Debian package" 'lava-common is not installed.*Debian package lava-common' \
	sh -c 'LAB_PYTHON="$1" sh lab/farm/lava-validate.sh "$2"; true' - "$tmp/python-without-lava" "$v/job.yaml"
t_says "and these tests skip, saying why (exit 77)" '^SKIP: LAVA jobs: lava-common is not installed' \
	sh -c 'LAB_PYTHON="$1" sh tests/lava/run.sh; [ $? = 77 ]' - "$tmp/python-without-lava"

t_section "LAVA device configuration for lava-run (lab/farm/lava-qemu-device.yaml)"
t_ok "valid to lava-common's device schema" "$python" -c 'import sys, yaml
from lava_common.schemas.device import validate
validate(yaml.safe_load(open(sys.argv[1])))' lab/farm/lava-qemu-device.yaml
t_ok "the device for a job (lab/farm/lava-device.sh) is written" sh lab/farm/lava-device.sh "$v/job.yaml" "$tmp/device.yaml"
t_ok "it is valid to lava-common's device schema" "$python" -c 'import sys, yaml
from lava_common.schemas.device import validate
validate(yaml.safe_load(open(sys.argv[1])))' "$tmp/device.yaml"
t_ok "the QEMU options of the jobs' context: -m memory, extra_options, arch available, no -enable-kvm" \
	"$python" -c 'import sys, yaml
dev = yaml.safe_load(open(sys.argv[1]))
ctx = yaml.safe_load(open(sys.argv[2]))["context"]
q = dev["actions"]["boot"]["methods"]["qemu"]["parameters"]
sys.exit(not ("-m " + ctx["memory"] in q["options"] and q["extra"] == ctx["extra_options"]
    and ctx["arch"] in dev["available_architectures"] and "-enable-kvm" not in q["options"]
    and "image" in dev["actions"]["deploy"]["methods"]))' "$tmp/device.yaml" "$v/job.yaml"
# What LAVA runs: the device's command and options, then the job's
# extra_options and its images' arguments (split as a shell would), must
# be qemu_argv's command line for LAVA, word for word.
lava_argv() {
	"$python" -c 'import shlex, sys, yaml
dev = yaml.safe_load(open(sys.argv[1]))
job = yaml.safe_load(open(sys.argv[2]))
q = dev["actions"]["boot"]["methods"]["qemu"]["parameters"]
imgs = [a["deploy"]["images"] for a in job["actions"] if "deploy" in a][0]
argv = [q["command"]]
for o in q["options"] + job["context"]["extra_options"] + [imgs["kernel"]["image_arg"], imgs["ramdisk"]["image_arg"]]:
    argv += shlex.split(o)
print("\n".join(argv))' "$tmp/device.yaml" "$v/job.yaml" >"$tmp/lava.argv" &&
		sh -c '. lab/lib/common.sh && load_variant lava-nomerge && qemu_argv --purpose lava --numa --append "$V_CMDLINE" | qemu_words' |
		diff -u - "$tmp/lava.argv"
}
t_ok "the device and the job make up qemu_argv's command line for LAVA, word for word" lava_argv
# The dispatcher itself, when installed: its pipeline must take a job on
# this device (the schema lets through constants the dispatcher needs).
lava_validate() {
	echo "dispatcher_ip: 127.0.0.1" >"$tmp/dispatcher.yaml"
	# Images on file:// URLs, which it reads (a fetch of the test's https
	# ones would wait for the network).
	sh lab/farm/lava-jobs.sh --out "$tmp/local" lava >/dev/null &&
		sh lab/farm/lava-device.sh "$tmp/local/lava/job.yaml" "$tmp/local/device.yaml" &&
		timeout 120 lava-run --validate --job-id 1 --output-dir "$tmp/lava-run" \
			--device "$tmp/local/device.yaml" --dispatcher "$tmp/dispatcher.yaml" \
			"$tmp/local/lava/job.yaml" >"$tmp/validate.log" 2>&1 &&
		grep -q '"case": "validate", "definition": "lava", "result": "pass"' "$tmp/validate.log"
	_rc=$?
	tail -n 5 "$tmp/validate.log"
	return $_rc
}
if command -v lava-run >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
	t_ok "lava-run --validate (lava-dispatcher) takes a job on this device" lava_validate
else
	echo "SKIP: lava-run --validate: lava-dispatcher is not installed, or not root"
fi

if [ $summary = 1 ]; then
	t_summary
	exit
fi
rm -f "$T_OUT"
[ "$(grep -c '^fail$' "$T_COUNTS")" = "$fails_before" ]
