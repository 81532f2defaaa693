#include "record/run_outputs.h"

#include <stdexcept>
#include <vector>

#include "record/scene_header.h"

namespace contactsim {
namespace {

std::ofstream openFile(const std::string& path, const std::string& name) {
  std::ofstream out(path);
  if (!out) throw std::runtime_error(name + ": cannot write '" + path + "'");
  return out;
}

}  // namespace

RunOutputs::RunOutputs(const Scene& scene, const std::string& scene_json,
                       const RunOutputPaths& paths, const RunOutputNames& names) {
  const StateColumnNames columns = stateColumnNames(scene);
  if (!paths.csv.empty()) {
    csv_file_ = openFile(paths.csv, names.csv);
    csv_.emplace(csv_file_, columns.bodies, columns.cables, names.csv, columns.drives);
  }
  if (!paths.contacts_csv.empty()) {
    contacts_file_ = openFile(paths.contacts_csv, names.contacts_csv);
    contacts_.emplace(contacts_file_, columns.bodies, names.contacts_csv);
  }
  if (!paths.record.empty()) recording_.emplace(paths.record, recordingHeaderOf(scene, scene_json));
}

void RunOutputs::write(const SimulationFrame& frame, std::span<const std::uint8_t> checkpoint) {
  if (csv_) csv_->write(frame);
  if (contacts_) contacts_->write(frame);
  if (recording_) recording_->append(frame, checkpoint);
}

void RunOutputs::flush() {
  csv_file_.flush();
  contacts_file_.flush();
}

void RunOutputs::close() {
  flush();
  if (recording_) recording_->close();
}

}  // namespace contactsim
