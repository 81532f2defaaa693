#include <pybind11/stl.h>

#include <optional>

#include "arrays.h"
#include "bindings.h"
#include "record/frame_csv.h"
#include "scene_run.h"

namespace contactsim::python {

namespace {

// Every engine call that steps runs without the GIL, so other Python threads (a dask worker's
// heartbeat, a progress bar) keep going; Ctrl+C is still seen between steps.
std::vector<double> runReleased(SceneRun& run, const RunRequest& request) {
  const auto interrupted = [] {
    py::gil_scoped_acquire gil;
    return PyErr_CheckSignals() != 0;
  };
  try {
    py::gil_scoped_release released;
    return run.run(request, interrupted);
  } catch (const RunInterrupted&) {
    throw py::error_already_set();  // the KeyboardInterrupt PyErr_CheckSignals raised
  }
}

std::string optionalPath(const std::optional<py::object>& path) {
  if (!path || path->is_none()) return {};
  return py::str(py::module_::import("os").attr("fspath")(*path));
}

}  // namespace

void bindSimulation(py::module_& m) {
  py::class_<SceneRun>(m, "Simulation",
                       "A scene set in motion (use contactsim.Simulation, which reads files and "
                       "dicts)")
      .def(py::init([](std::string scene_json, std::string file, int threads) {
             // Reading meshes and building trees takes a while for big meshes: no GIL.
             py::gil_scoped_release released;
             return std::make_unique<SceneRun>(std::move(scene_json), file, threads);
           }),
           py::arg("scene_json"), py::arg("file"), py::arg("threads") = 1)
      .def_static(
          "from_file",
          [](const std::string& file, int threads) {
            py::gil_scoped_release released;
            return SceneRun::fromFile(file, threads);
          },
          py::arg("file"), py::arg("threads") = 1)
      .def_property_readonly("time", [](const SceneRun& r) { return r.simulation().time(); })
      .def_property_readonly("steps", &SceneRun::stepsTaken)
      .def_property_readonly(
          "time_step", [](const SceneRun& r) { return r.simulation().scene().solver.time_step; })
      .def_property_readonly("end_time",
                             [](const SceneRun& r) { return r.simulation().scene().end_time; })
      .def_property_readonly("body_names",
                             [](const SceneRun& r) {
                               std::vector<std::string> names;
                               for (const SceneBody& b : r.simulation().scene().bodies)
                                 names.push_back(b.name);
                               return names;
                             })
      .def_property_readonly("cable_names",
                             [](const SceneRun& r) {
                               std::vector<std::string> names;
                               for (const SceneCable& c : r.simulation().scene().cables)
                                 names.push_back(c.name);
                               return names;
                             })
      .def_property_readonly(
          "drive_names",
          [](const SceneRun& r) { return stateColumnNames(r.simulation().scene()).drives; })
      .def_property_readonly("warnings",
                             [](const SceneRun& r) { return r.simulation().scene().warnings; })
      .def_property_readonly("columns", &SceneRun::columns)
      .def_property_readonly("scene_json", &SceneRun::sceneJson)
      .def(
          "run",
          [](SceneRun& r, double until, const std::optional<py::object>& csv,
             const std::optional<py::object>& contacts_csv, const std::optional<py::object>& record,
             std::optional<double> output_every, long sample_every, double max_wall_seconds) {
            RunRequest request;
            request.until = until;
            request.csv = optionalPath(csv);
            request.contacts_csv = optionalPath(contacts_csv);
            request.record = optionalPath(record);
            request.output_every = output_every;
            request.sample_every = sample_every;
            request.max_wall_seconds = max_wall_seconds;
            return matrix(runReleased(r, request), r.columns().size());
          },
          py::arg("until"), py::kw_only(), py::arg("csv") = py::none(),
          py::arg("contacts_csv") = py::none(), py::arg("record") = py::none(),
          py::arg("output_every") = py::none(), py::arg("sample_every") = 1,
          py::arg("max_wall_seconds") = 0.0)
      .def("row", [](const SceneRun& r) { return matrix(r.currentRow(), r.columns().size()); })
      .def("body_states", [](const SceneRun& r) { return bodyStates(r.simulation().frame()); })
      .def("cable_states", [](const SceneRun& r) { return cableStates(r.simulation().frame()); })
      .def("drive_states", [](const SceneRun& r) { return driveStates(r.simulation().frame()); })
      .def("contacts", [](const SceneRun& r) { return contactArrays(r.simulation().frame()); })
      .def("energy",
           [](const SceneRun& r) { return energyDict(r.simulation().integrator().energy()); })
      .def("frame", [](const SceneRun& r) { return frameDict(r.simulation().frame()); });
}

}  // namespace contactsim::python
