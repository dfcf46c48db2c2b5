// SPDX-License-Identifier: Apache-2.0
// The scans are inline functions of include/byte_scan.h; a C target needs a source file.
#include "byte_scan.h"
