// The parts of the extension module `contactsim._engine`, each registered by its own file.
#pragma once

#include <pybind11/pybind11.h>

namespace contactsim::python {

// contactsim.Error (a RuntimeError) and its SceneError, SimulationError, RecordingError: the
// engine's exceptions with their one-line what(), the text the CLI prints after "error: ".
void bindErrors(pybind11::module_& m);
void bindSimulation(pybind11::module_& m);
void bindRecording(pybind11::module_& m);

}  // namespace contactsim::python
