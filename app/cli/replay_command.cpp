// `contactsim-cli replay FILE [--csv OUT] [--contacts-csv OUT] [--from T] [--to T]`: the CSV
// files of a run, exported again from its recording (byte-identical to what `run` writes for
// the same frames, both use core/record/frame_csv.h). Without --csv or --contacts-csv the
// body-state CSV goes to stdout.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>

#include "cli/commands.h"
#include "record/frame_csv.h"
#include "record/recording_reader.h"

namespace contactsim::cli {
namespace {

struct ReplayArguments {
  std::string file;
  std::string csv, contacts_csv;
  std::optional<double> from, to;
};

std::unique_ptr<std::ofstream> openOutput(const std::string& path, const char* option) {
  auto out = std::make_unique<std::ofstream>(path, std::ios::binary | std::ios::trunc);
  if (!*out) throw std::runtime_error(std::string(option) + ": cannot write '" + path + "'");
  return out;
}

void runReplay(const ReplayArguments& args) {
  const double from = args.from.value_or(-INFINITY), to = args.to.value_or(INFINITY);
  if (std::isnan(from)) throw std::runtime_error("--from: expected a time in seconds");
  if (std::isnan(to)) throw std::runtime_error("--to: expected a time in seconds");
  if (to < from) throw std::runtime_error("--to: earlier than --from");

  const RecordingReader reader(args.file);
  std::vector<std::string> bodies;
  for (const RecordingBody& b : reader.header().bodies) bodies.push_back(b.name);
  const std::vector<std::string>& cables = reader.header().cables;
  const std::vector<std::string>& drives = reader.header().drives;

  const bool to_stdout = args.csv.empty() && args.contacts_csv.empty();
  std::unique_ptr<std::ofstream> state_file, contacts_file;
  std::optional<StateCsvWriter> state;
  std::optional<ContactsCsvWriter> contacts;
  if (to_stdout) {
    state.emplace(std::cout, bodies, cables, "stdout", drives);
  } else {
    if (!args.csv.empty()) {
      state_file = openOutput(args.csv, "--csv");
      state.emplace(*state_file, bodies, cables, "--csv", drives);
    }
    if (!args.contacts_csv.empty()) {
      contacts_file = openOutput(args.contacts_csv, "--contacts-csv");
      contacts.emplace(*contacts_file, bodies, "--contacts-csv");
    }
  }
  std::int64_t written = 0;
  double first = 0.0, last = 0.0;
  for (std::int64_t i = reader.firstFrameAtOrAfter(from); i < reader.frameCount(); ++i) {
    if (reader.frameTime(i) > to) break;
    const SimulationFrame frame = reader.frame(i);
    if (state) state->write(frame);
    if (contacts) contacts->write(frame);
    if (written++ == 0) first = frame.time;
    last = frame.time;
  }
  for (const auto& [out, option] :
       {std::pair{state_file.get(), "--csv"}, std::pair{contacts_file.get(), "--contacts-csv"}}) {
    if (!out) continue;
    out->close();
    if (!*out) throw std::runtime_error(std::string(option) + ": write failed");
  }
  if (to_stdout) {
    std::cout.flush();
    if (!std::cout) throw std::runtime_error("stdout: write failed");
    return;
  }
  if (written == 0) {
    std::printf("%s: no frames in the selected time span (recording has %lld)\n", args.file.c_str(),
                static_cast<long long>(reader.frameCount()));
  } else {
    std::printf("%s: %lld frames, t = %.10g .. %.10g s\n", args.file.c_str(),
                static_cast<long long>(written), first, last);
  }
}

}  // namespace

void addReplayCommand(CLI::App& app) {
  auto args = std::make_shared<ReplayArguments>();
  CLI::App* replay =
      app.add_subcommand("replay", "Export the CSV files of a run again from its recording");
  replay->add_option("FILE", args->file, "Recording (.db) written by run --record")->required();
  replay->add_option("--csv", args->csv,
                     "Write body states, cables and drives to this CSV file (default: stdout)");
  replay->add_option("--contacts-csv", args->contacts_csv,
                     "Write one row per contact per frame to this CSV file");
  replay->add_option("--from", args->from, "First time to export, s (default: the start)");
  replay->add_option("--to", args->to, "Last time to export, s (default: the end)");
  replay->callback([args] { runReplay(*args); });
}

}  // namespace contactsim::cli
