/** Word pools for plausible Chinese names: people, roads, towns, rivers, companies, products. */

/** The words of `text`, separated by spaces or line ends. */
const wordList = (text: string) => text.trim().split(/\s+/u);

export const SURNAMES = [...'王李张刘陈杨赵黄周吴徐孙马朱胡郭何林高罗郑梁谢宋唐许韩冯邓曹彭曾田董潘袁蔡蒋于杜程魏苏吕丁任姜崔孟秦薛侯邵孔'];

export const GIVEN_NAME_CHARS = [
  ...'伟芳娜敏静丽强磊军洋勇艳杰涛明超秀霞平刚桂英华建国志文海峰鹏辉斌波宁凯晓红玉新春东亮立成鑫浩宇博晨瑞振庆德忠',
];

export const ROADS = wordList(`
  经十路 经七路 工业北路 旅游路 二环东路 解放路 人民路 建设路 和平路 泰山路 东风街 长江路 黄河路 新华路 胜利街 文化路 北京路 青年路 振兴路
  幸福街 民生路 开元路 世纪大道 滨河大道 光明路 朝阳路 健康路 迎宾路 科技大道 学府路 齐鲁大道 昆仑山路 香江路 兴业路 府前街 站前路 花园路
  工业南路 环城北路 沿海路
`);

export const TOWN_PREFIXES = wordList(`
  王庄 李家 孙集 马站 东关 西城 南湖 北园 龙泉 柳林 石门 杨柳 双山 白云 青龙 凤凰 枣园 桃源 大王 官庄 新兴 高庄 薛家 刘家 郭庄 韩集 明水
  仁和 安乐 太平 永安 金岭 杨庄 常庄 侯集 黄河
`);

export const RIVERS = wordList(`
  小清河 大汶河 沂河 沭河 潍河 弥河 徒骇河 马颊河 白浪河 泗河 洸府河 孝妇河 淄河 胶莱河 大沽河 五龙河 东鱼河 万福河 德惠新河 新万福河
`);

export const RESERVOIRS = ['卧虎山', '岸堤', '跋山', '峡山', '雪野', '锦绣川', '田庄', '沙沟', '许家崖', '会宝岭', '太平', '黄前'] as const;

export const PARKS = ['滨河', '湿地', '文化', '体育', '植物', '森林', '中央', '樱花', '运河', '城市'] as const;

/** Brand words of generated company names. */
export const BRANDS = wordList(`
  鲁信 华通 中宏 泰和 恒泰 金诺 瑞丰 宏达 鑫源 齐鲁 海岳 泉城 东岳 天元 正和 安泰 汇丰 德润 博远 嘉禾 锦程 诚信 润泽 广源 信达 中诚 华晟
  永盛 宏图 联创 盛泰 国信 新元 明德 海川 同济 昊华 凯瑞 顺通 蓝海
`);

export const ENTERPRISE_LINES = wordList(`
  新材料 化工 机械 食品 纺织 电子 生物科技 新能源 汽车零部件 钢铁 轮胎 纸业 医药 装备制造 精密铸造 环保科技
`);

export const PRODUCTS = [
  { name: '高性能子午线轮胎', unit: '万条' },
  { name: '锂电池正极材料', unit: '万吨' },
  { name: '食品级淀粉', unit: '万吨' },
  { name: '特种纸', unit: '万吨' },
  { name: '精细化学品', unit: '万吨' },
  { name: '高端装备零部件', unit: '万件' },
  { name: '生物基可降解材料', unit: '万吨' },
  { name: '预制菜', unit: '万吨' },
  { name: '光伏组件', unit: 'MW' },
  { name: '新能源汽车电机', unit: '万台' },
  { name: '医用防护用品', unit: '万件' },
  { name: '碳纤维复合材料', unit: '吨' },
] as const;

export const AGENCY_SUFFIXES = wordList('工程咨询有限公司 项目管理有限公司 招标代理有限公司 工程造价咨询有限公司 建设工程咨询有限公司');

export const CONTRACTOR_SUFFIXES = wordList(`
  建设集团有限公司 建工集团有限公司 路桥集团有限公司 建设工程有限公司 市政工程有限公司 水利水电工程有限公司
`);

export const SCHOOL_ORDINALS = ['第一', '第二', '第三', '第四', '第五', '实验', '第六', '第八'] as const;

export const ORDINAL_NUMERALS = ['一', '二', '三', '四', '五', '六'] as const;

export const FUND_SOURCES = wordList('财政资金 企业自筹 地方政府专项债券 财政资金和专项债券 中央预算内投资及地方配套 银行贷款及企业自筹');

export const QUALIFICATIONS = {
  building: '建筑工程施工总承包二级及以上资质',
  municipal: '市政公用工程施工总承包二级及以上资质',
  road: '公路工程施工总承包二级及以上资质',
  water: '水利水电工程施工总承包二级及以上资质',
  power: '电力工程施工总承包三级及以上资质',
  supervision: '工程监理综合资质或相应专业甲级资质',
  design: '工程设计相应行业乙级及以上资质',
  goods: '独立承担民事责任的能力，具有良好的商业信誉和健全的财务会计制度',
} as const;

export const MOBILE_PREFIXES = wordList(`
  130 131 132 133 135 136 137 138 139 150 151 152 153 155 156 157 158 159 166 176 177 178 180 181 182 183 185 186 187 188 189 198 199
`);
