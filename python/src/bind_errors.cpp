#include <stdexcept>

#include "bindings.h"
#include "dynamics/ali3p_integrator.h"
#include "import/mesh_import.h"
#include "record/recording_writer.h"
#include "scene/scene_reader.h"

namespace contactsim::python {

namespace py = pybind11;

void bindErrors(py::module_& m) {
  // The module owns these types; the raw handles below stay valid for the interpreter's life
  // (a function-static py::object would be destroyed after the interpreter at exit).
  static PyObject* base = PyErr_NewExceptionWithDoc(
      "contactsim._engine.Error", "An engine error; str() is the CLI's one-line message.",
      PyExc_RuntimeError, nullptr);
  static PyObject* scene = PyErr_NewException("contactsim._engine.SceneError", base, nullptr);
  static PyObject* simulation =
      PyErr_NewException("contactsim._engine.SimulationError", base, nullptr);
  static PyObject* recording =
      PyErr_NewException("contactsim._engine.RecordingError", base, nullptr);
  m.add_object("Error", py::handle(base).inc_ref());
  m.add_object("SceneError", py::handle(scene).inc_ref());
  m.add_object("SimulationError", py::handle(simulation).inc_ref());
  m.add_object("RecordingError", py::handle(recording).inc_ref());

  // Most specific first. invalid_argument (bad Python arguments) stays pybind11's ValueError.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const SceneError& e) {
      PyErr_SetString(scene, e.what());
    } catch (const MeshImportError& e) {
      PyErr_SetString(scene, e.what());
    } catch (const SimulationError& e) {
      PyErr_SetString(simulation, e.what());
    } catch (const RecordingError& e) {
      PyErr_SetString(recording, e.what());
    } catch (const std::invalid_argument& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const std::runtime_error& e) {
      PyErr_SetString(base, e.what());
    }
  });
}

}  // namespace contactsim::python
