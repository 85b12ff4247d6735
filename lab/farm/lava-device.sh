#!/bin/sh
# lava-device.sh JOB.yaml DEVICE.yaml: write the device configuration
# lava-run takes for a job of lab/farm/lava-jobs.sh: lab/farm/lava-qemu-device.yaml
# with the job's context extra_options as its QEMU extra options (a
# server renders them from the job's context itself; lava-run takes the
# device rendered). The jobs of a NUMA variant add QEMU's node options.
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="lava-device.sh JOB.yaml DEVICE.yaml"
[ $# -eq 2 ] || usage_die "expected JOB.yaml and DEVICE.yaml"
[ -f "$1" ] || die "no LAVA job at $1"
"${LAB_PYTHON:-/usr/bin/python3}" - "$LAB_ROOT/lab/farm/lava-qemu-device.yaml" "$1" "$2" <<'PY'
import sys
import yaml

device_file, job_file, out = sys.argv[1:4]
device = yaml.safe_load(open(device_file))
context = yaml.safe_load(open(job_file)).get("context", {})
if "extra_options" not in context:
    sys.exit("lab: error: %s has no context extra_options" % job_file)
device["actions"]["boot"]["methods"]["qemu"]["parameters"]["extra"] = context["extra_options"]
with open(out, "w") as f:
    f.write("# %s for %s (lab/farm/lava-device.sh)\n" % (device_file, job_file))
    yaml.safe_dump(device, f, sort_keys=False)
PY
