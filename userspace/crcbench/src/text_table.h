// SPDX-License-Identifier: GPL-2.0-only
//
// Column-aligned text tables of the table outputs (report_*.cpp).
#pragma once

#include <algorithm>
#include <string>
#include <vector>

namespace crcbench {

// Column-aligned text: left-aligned first columns, right-aligned numbers.
class Table {
  public:
    // align: one letter per column, 'l' left or 'r' right.
    Table(std::vector<std::string> header, std::string align) : align_(std::move(align)) {
        rows_.push_back(std::move(header));
    }
    void add(std::vector<std::string> row) { rows_.push_back(std::move(row)); }

    std::string str() const {
        std::vector<std::size_t> width;
        for (const auto &row : rows_) {
            width.resize(std::max(width.size(), row.size()), 0);
            for (std::size_t i = 0; i < row.size(); ++i)
                width[i] = std::max(width[i], row[i].size());
        }
        std::string out;
        for (const auto &row : rows_) {
            std::string line = "  ";
            for (std::size_t i = 0; i < row.size(); ++i) {
                std::string pad(width[i] - row[i].size(), ' ');
                line += (i < align_.size() && align_[i] == 'r') ? pad + row[i] : row[i] + pad;
                if (i + 1 < row.size())
                    line += "  ";
            }
            line.erase(line.find_last_not_of(' ') + 1);
            out += line + "\n";
        }
        return out;
    }

  private:
    std::string align_;
    std::vector<std::vector<std::string>> rows_;
};

} // namespace crcbench
