// `contactsim-cli record-info FILE [--json]`: what a recording holds (format, scene, bodies,
// frames, time span, contact statistics, cable tensions, energy balance drift, file size).
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "record/recording_reader.h"

namespace contactsim::cli {
namespace {

struct RecordInfoArguments {
  std::string file;
  bool json = false;
};

void runRecordInfo(const RecordInfoArguments& args) {
  const RecordingReader reader(args.file);
  const RecordingHeader& h = reader.header();
  const RecordingSummary s = reader.summary();
  const auto bodyName = [&](int b) {
    return b >= 0 && static_cast<std::size_t>(b) < h.bodies.size()
               ? h.bodies[static_cast<std::size_t>(b)].name
               : std::to_string(b);
  };

  nlohmann::json bodies = nlohmann::json::array(), cables = nlohmann::json::array();
  for (const RecordingBody& b : h.bodies) {
    bodies.push_back({{"name", b.name},
                      {"fixed", b.fixed},
                      {"mass", b.mass},
                      {"vertices", b.vertex_count},
                      {"triangles", b.triangle_count}});
  }
  for (std::size_t c = 0; c < h.cables.size(); ++c) {
    const RecordingSummary::CableRange& r = s.cables[c];
    cables.push_back({{"name", h.cables[c]},
                      {"tension_min", r.tension_min},
                      {"tension_max", r.tension_max},
                      {"length_min", r.length_min},
                      {"length_max", r.length_max}});
  }
  nlohmann::json max_fn = nullptr;
  if (s.max_normal_force) {
    const auto& m = *s.max_normal_force;
    max_fn = {{"value", m.value},
              {"time", m.time},
              {"frame", m.frame},
              {"body_a", bodyName(m.body_a)},
              {"body_b", bodyName(m.body_b)},
              {"id", m.id}};
  }
  const nlohmann::json out = {
      {"file", args.file},
      {"file_bytes", s.file_bytes},
      {"format", "contactsim-recording"},
      {"schema_version", h.schema_version},
      {"created", h.created},
      {"program_version", h.program_version},
      {"scene_path", h.scene_path},
      {"time_step", h.time_step},
      {"bodies", bodies},
      {"cables", cables},
      {"frames", s.frames},
      {"time_start", s.time_start},
      {"time_end", s.time_end},
      {"contacts",
       {{"total", s.contacts_total},
        {"per_frame_min", s.contacts_per_frame_min},
        {"per_frame_mean", s.contacts_per_frame_mean},
        {"per_frame_max", s.contacts_per_frame_max}}},
      {"max_normal_force", max_fn},
      {"energy_balance",
       {{"start", s.balance_start},
        {"end", s.balance_end},
        {"drift", s.balance_end - s.balance_start},
        {"max_abs_drift", s.balance_max_drift}}},
  };
  if (args.json) {
    std::cout << out.dump(2) << '\n';
    return;
  }
  std::printf("file                  %s (%ju bytes)\n", args.file.c_str(), s.file_bytes);
  std::printf("format                contactsim-recording v%d, written %s by contactsim %s\n",
              h.schema_version, h.created.c_str(), h.program_version.c_str());
  std::printf("scene                 %s\n", h.scene_path.c_str());
  std::printf("time step             %.6g s\n", h.time_step);
  std::printf("bodies                %zu\n", h.bodies.size());
  for (const RecordingBody& b : h.bodies) {
    std::printf("  %-20s %s, %lld triangles, %lld vertices", b.name.c_str(),
                b.fixed ? "fixed" : "moving", static_cast<long long>(b.triangle_count),
                static_cast<long long>(b.vertex_count));
    if (!b.fixed) std::printf(", %.6g kg", b.mass);
    std::printf("\n");
  }
  std::printf("frames                %lld", static_cast<long long>(s.frames));
  if (s.frames > 0) std::printf(", t = %.10g .. %.10g s", s.time_start, s.time_end);
  std::printf("\n");
  std::printf("contacts per frame    min %lld, mean %.3g, max %lld (%lld in all)\n",
              static_cast<long long>(s.contacts_per_frame_min), s.contacts_per_frame_mean,
              static_cast<long long>(s.contacts_per_frame_max),
              static_cast<long long>(s.contacts_total));
  if (s.max_normal_force) {
    const auto& m = *s.max_normal_force;
    std::printf("max normal force      %.6g N at t = %.10g s (%s-%s, patch %d)\n", m.value, m.time,
                bodyName(m.body_a).c_str(), bodyName(m.body_b).c_str(), m.id);
  } else {
    std::printf("max normal force      none (no contacts)\n");
  }
  for (std::size_t c = 0; c < h.cables.size(); ++c) {
    std::printf("cable %-15s tension %.6g .. %.6g N, length %.6g .. %.6g m\n", h.cables[c].c_str(),
                s.cables[c].tension_min, s.cables[c].tension_max, s.cables[c].length_min,
                s.cables[c].length_max);
  }
  std::printf("energy balance [J]    start %.9g, end %.9g, drift %.3g (max |drift| %.3g)\n",
              s.balance_start, s.balance_end, s.balance_end - s.balance_start, s.balance_max_drift);
}

}  // namespace

void addRecordInfoCommand(CLI::App& app) {
  auto args = std::make_shared<RecordInfoArguments>();
  CLI::App* info = app.add_subcommand("record-info", "Summary of a recording");
  info->add_option("FILE", args->file, "Recording (.db) written by run --record")->required();
  info->add_flag("--json", args->json, "Print one JSON object");
  info->callback([args] { runRecordInfo(*args); });
}

}  // namespace contactsim::cli
