// Inside the URDF import (urdf_import.h): the XML of a URDF file read into a Model (libxml2's
// DOM). Malformed XML, xacro files, bad numbers, elements without their required names,
// attributes or children, links and joints defined twice and mesh files that cannot be found fail
// here; elements the import does not use are reported as unsupported.
#pragma once

#include "import/urdf_import.h"
#include "import/urdf_model.h"
#include "import/urdf_report.h"

namespace contactsim::urdf {

// Reads report.file().
Model readUrdfModel(const UrdfOptions& options, UrdfReport& report);

}  // namespace contactsim::urdf
