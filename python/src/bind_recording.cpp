#include <pybind11/stl.h>

#include "arrays.h"
#include "bindings.h"
#include "history.h"
#include "record/recording_reader.h"

namespace contactsim::python {

namespace {

std::vector<std::string> bodyNames(const RecordingReader& r) {
  std::vector<std::string> names;
  for (const RecordingBody& b : r.header().bodies) names.push_back(b.name);
  return names;
}

// The state CSV's columns over every frame: what `contactsim-cli replay --csv` writes, as numbers.
py::array_t<double> allStates(const RecordingReader& r) {
  std::vector<double> values;
  std::size_t columns = 1;
  {
    // The GIL stays held: a RecordingReader is not thread-safe, and holding it keeps two
    // Python threads from sharing one reader.
    for (std::int64_t i = 0; i < r.frameCount(); ++i) {
      const SimulationFrame frame = r.frame(i);
      columns = 1 + 13 * frame.bodies.size() + 2 * frame.cables.size() + 2 * frame.drives.size();
      values.push_back(frame.time);
      for (const BodyState& s : frame.bodies) {
        Eigen::Quaterniond q(s.pose.rotation);
        if (q.w() < 0.0) q.coeffs() = -q.coeffs();
        values.insert(
            values.end(),
            {s.pose.translation.x(), s.pose.translation.y(), s.pose.translation.z(), q.w(), q.x(),
             q.y(), q.z(), s.linear_velocity.x(), s.linear_velocity.y(), s.linear_velocity.z(),
             s.angular_velocity.x(), s.angular_velocity.y(), s.angular_velocity.z()});
      }
      for (const CableState& c : frame.cables) values.insert(values.end(), {c.length, c.tension});
      for (const JointDriveState& d : frame.drives)
        values.insert(values.end(), {d.position, d.effort});
    }
  }
  if (r.frameCount() == 0)
    columns = 1 + 13 * r.header().bodies.size() + 2 * r.header().cables.size() +
              2 * r.header().drives.size();
  return matrix(values, columns);
}

py::dict summaryDict(const RecordingSummary& s) {
  py::dict out;
  out["frames"] = s.frames;
  out["time_start"] = s.time_start;
  out["time_end"] = s.time_end;
  out["contacts_total"] = s.contacts_total;
  out["contacts_per_frame_min"] = s.contacts_per_frame_min;
  out["contacts_per_frame_max"] = s.contacts_per_frame_max;
  out["contacts_per_frame_mean"] = s.contacts_per_frame_mean;
  if (s.max_normal_force) {
    py::dict f;
    f["value"] = s.max_normal_force->value;
    f["frame"] = s.max_normal_force->frame;
    f["time"] = s.max_normal_force->time;
    f["body_a"] = s.max_normal_force->body_a;
    f["body_b"] = s.max_normal_force->body_b;
    f["id"] = s.max_normal_force->id;
    out["max_normal_force"] = f;
  } else {
    out["max_normal_force"] = py::none();
  }
  py::list cables;
  for (const auto& c : s.cables) {
    py::dict d;
    d["tension_min"] = c.tension_min;
    d["tension_max"] = c.tension_max;
    d["length_min"] = c.length_min;
    d["length_max"] = c.length_max;
    cables.append(d);
  }
  out["cables"] = cables;
  out["balance_start"] = s.balance_start;
  out["balance_end"] = s.balance_end;
  out["balance_max_drift"] = s.balance_max_drift;
  out["file_bytes"] = s.file_bytes;
  return out;
}

}  // namespace

void bindRecording(py::module_& m) {
  py::class_<RecordingReader>(m, "Recording", "A recording file (SQLite), read-only")
      .def(py::init([](const py::object& path) {
             return std::make_unique<RecordingReader>(
                 py::str(py::module_::import("os").attr("fspath")(path)).cast<std::string>());
           }),
           py::arg("path"))
      .def_property_readonly("path", [](const RecordingReader& r) { return r.path().string(); })
      .def_property_readonly("frame_count", &RecordingReader::frameCount)
      .def("__len__", &RecordingReader::frameCount)
      .def_property_readonly("body_names", &bodyNames)
      .def_property_readonly("cable_names",
                             [](const RecordingReader& r) { return r.header().cables; })
      .def_property_readonly("drive_names",
                             [](const RecordingReader& r) { return r.header().drives; })
      .def_property_readonly("time_step",
                             [](const RecordingReader& r) { return r.header().time_step; })
      .def_property_readonly("scene_json",
                             [](const RecordingReader& r) { return r.header().scene_json; })
      .def_property_readonly("scene_path",
                             [](const RecordingReader& r) { return r.header().scene_path; })
      .def_property_readonly("created", [](const RecordingReader& r) { return r.header().created; })
      .def_property_readonly("program_version",
                             [](const RecordingReader& r) { return r.header().program_version; })
      .def("times",
           [](const RecordingReader& r) {
             std::vector<double> t;
             for (std::int64_t i = 0; i < r.frameCount(); ++i) t.push_back(r.frameTime(i));
             return py::array_t<double>(static_cast<py::ssize_t>(t.size()), t.data());
           })
      .def("states", &allStates)
      .def(
          "frame", [](const RecordingReader& r, std::int64_t i) { return frameDict(r.frame(i)); },
          py::arg("index"))
      .def("first_frame_at_or_after", &RecordingReader::firstFrameAtOrAfter, py::arg("time"))
      .def(
          "mesh",
          [](const RecordingReader& r, int body) {
            const TriMesh mesh = r.mesh(body);
            std::vector<double> vertices;
            for (const Vec3& v : mesh.vertices())
              vertices.insert(vertices.end(), {v.x(), v.y(), v.z()});
            py::array_t<std::int32_t> triangles(
                {static_cast<py::ssize_t>(mesh.triangles().size()), py::ssize_t{3}});
            auto view = triangles.mutable_unchecked<2>();
            for (std::size_t i = 0; i < mesh.triangles().size(); ++i)
              for (int j = 0; j < 3; ++j)
                view(static_cast<py::ssize_t>(i), j) = mesh.triangles()[i][j];
            return py::make_tuple(matrix(vertices, 3), triangles);
          },
          py::arg("body"))
      .def("summary", [](const RecordingReader& r) { return summaryDict(r.summary()); });
}

}  // namespace contactsim::python
