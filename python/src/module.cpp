// contactsim._engine: the C++ engine for the pure-Python package `contactsim` (python/contactsim),
// which is what users import.
#include "bindings.h"
#include "mesh_cache.h"

PYBIND11_MODULE(_engine, m) {
  m.doc() = "contactsim engine: scenes, runs and recordings (use the `contactsim` package)";
  contactsim::python::bindErrors(m);
  contactsim::python::bindSimulation(m);
  contactsim::python::bindRecording(m);
  m.def("clear_mesh_cache", &contactsim::python::clearMeshCache,
        "Forget the meshes imported by earlier scenes of this process");
}
