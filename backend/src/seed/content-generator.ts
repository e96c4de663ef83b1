/**
 * Generates plausible projects (xmk) and tenders (zb) for the province: names built from real
 * cities and counties, typical project kinds per industry, owners and agencies, amounts, dates,
 * HTML bodies (only p/strong), contact blocks and stage histories.
 */
import { addDays, DAY_MS, formatDate, formatDateTime, parseLocalDateTime, startOfDay } from '../clock';
import type { Industry, GeneratedNoticeType, OwnerType, XmkNature, XmkStage } from '../reference/dictionaries';
import { XMK_NATURES, XMK_STAGES } from '../reference/dictionaries';
import type { Random } from './random';
import { CITIES } from '../reference/regions';
import * as words from './vocabulary';

// ---- places ---------------------------------------------------------------------------------

export interface Place {
  areaCode: string;
  cityCode: string;
  cityName: string;
  /** 济南 */
  cityShort: string;
  /** Title prefix: "济南市历城区", "平阴县", or the city itself. */
  label: string;
  /** Company-name prefix: "历城", "莒县", "济南". */
  short: string;
  areaPhoneCode: string;
}

function placeOf(city: (typeof CITIES)[number], county: readonly [string, string] | null): Place {
  const cityShort = city.name.replace(/市$/, '');
  const [code, name] = county ?? [city.code, null];
  return {
    areaCode: code,
    cityCode: city.code,
    cityName: city.name,
    cityShort,
    label: name === null ? city.name : name.endsWith('区') ? city.name + name : name,
    short: name === null ? cityShort : name.length > 2 ? name.slice(0, -1) : name,
    areaPhoneCode: city.areaPhoneCode,
  };
}

const PLACES_BY_CODE = new Map<string, Place>();
for (const city of CITIES) {
  PLACES_BY_CODE.set(city.code, placeOf(city, null));
  for (const county of city.counties) PLACES_BY_CODE.set(county[0], placeOf(city, county));
}

export function placeByCode(code: string): Place {
  const place = PLACES_BY_CODE.get(code);
  if (!place) throw new Error(`unknown region ${code}`);
  return place;
}

const CITY_WEIGHTS = CITIES.map((c) => c.weight);

/** A city by weight, then one of its counties (one item in ten is city-level). */
export function pickPlace(rng: Random): Place {
  const city = rng.weighted(CITIES, CITY_WEIGHTS);
  return placeOf(city, rng.chance(0.1) ? null : rng.pick(city.counties));
}

// ---- people and companies -------------------------------------------------------------------

export function personName(rng: Random): string {
  const given = rng.pick(words.GIVEN_NAME_CHARS) + (rng.chance(0.7) ? rng.pick(words.GIVEN_NAME_CHARS) : '');
  return rng.pick(words.SURNAMES) + given;
}

export function mobilePhone(rng: Random): string {
  return rng.pick(words.MOBILE_PREFIXES) + String(rng.int(0, 99_999_999)).padStart(8, '0');
}

function landline(rng: Random, place: Place): string {
  return `${place.areaPhoneCode}-${rng.int(5, 8)}${String(rng.int(0, 9_999_999)).padStart(7, '0')}`;
}

function phoneFor(rng: Random, place: Place): string {
  return rng.chance(0.6) ? mobilePhone(rng) : landline(rng, place);
}

const town = (rng: Random) => rng.pick(words.TOWN_PREFIXES) + (rng.chance(0.6) ? '镇' : '街道');

export function streetAddress(rng: Random, place: Place): string {
  const prefix = place.label.startsWith(place.cityName) ? place.label : place.cityName + place.label;
  return rng.chance(0.6)
    ? `${prefix}${town(rng)}${rng.pick(words.ROADS)}${rng.int(1, 999)}号`
    : `${prefix}${rng.pick(words.ROADS)}与${rng.pick(words.ROADS)}交汇处${rng.pick(['东北', '东南', '西北', '西南'])}侧`;
}

export const agencyName = (rng: Random, place: Place) =>
  `${rng.chance(0.5) ? '山东' : place.cityShort}${rng.pick(words.BRANDS)}${rng.pick(words.AGENCY_SUFFIXES)}`;

const contractorName = (rng: Random) => `山东${rng.pick(words.BRANDS)}${rng.pick(words.CONTRACTOR_SUFFIXES)}`;

const enterpriseName = (rng: Random, place: Place) =>
  `${place.cityShort}${rng.pick(words.BRANDS)}${rng.pick(words.ENTERPRISE_LINES)}有限公司`;

const governmentDept = (place: Place, dept: string): [string, OwnerType] => [`${place.label}${dept}`, '1'];

const investmentCompany = (rng: Random, place: Place): [string, OwnerType] =>
  rng.chance(0.5) ? [`${place.cityShort}城市建设投资集团有限公司`, '3'] : [`${place.short}城市建设投资发展有限公司`, '3'];

// ---- project kinds --------------------------------------------------------------------------

interface ProjectDraft {
  title: string;
  nature: XmkNature;
  investment: number;
  buildingArea: number | null;
  owner: [name: string, type: OwnerType];
  /** 建设内容 sentence */
  scope: string;
}

interface ProjectKind {
  industry: Industry;
  make(rng: Random, place: Place, year: number): ProjectDraft;
}

const km = (rng: Random, min: number, max: number) => rng.real(min, max, 1);

const PROJECT_KINDS: readonly ProjectKind[] = [
  // 市政
  {
    industry: '2',
    make: (rng, place) => ({
      title: `${place.label}${rng.pick(words.ROADS)}道路改扩建工程`,
      nature: rng.chance(0.7) ? '3' : '2',
      investment: rng.real(2000, 60000),
      buildingArea: null,
      owner: rng.chance(0.5) ? governmentDept(place, '住房和城乡建设局') : investmentCompany(rng, place),
      scope: `道路全长约${km(rng, 0.8, 9)}公里，红线宽度${rng.pick([24, 30, 36, 40, 50, 60])}米，主要建设内容包括道路工程、排水工程、照明工程、交通工程及绿化工程。`,
    }),
  },
  {
    industry: '2',
    make: (rng, place) => {
      const [a, b, c] = [rng.pick(words.ROADS), rng.pick(words.ROADS), rng.pick(words.ROADS)];
      return {
        title: `${place.label}${a}（${b}至${c}段）道路新建工程`,
        nature: '1',
        investment: rng.real(3000, 45000),
        buildingArea: null,
        owner: investmentCompany(rng, place),
        scope: `新建城市${rng.pick(['主干路', '次干路', '支路'])}约${km(rng, 0.5, 6)}公里，同步建设雨污水管线、路灯及绿化工程。`,
      };
    },
  },
  {
    industry: '2',
    make: (rng, place) => ({
      title: `${place.label}城区雨污分流改造工程`,
      nature: '3',
      investment: rng.real(5000, 80000),
      buildingArea: null,
      owner: governmentDept(place, '城市管理局'),
      scope: `改造雨污水管网约${km(rng, 5, 60)}公里，新建检查井${rng.int(200, 2000)}座，配套实施道路恢复工程。`,
    }),
  },
  {
    industry: '2',
    make: (rng, place) => ({
      title: `${place.label}${rng.pick(words.SCHOOL_ORDINALS.slice(0, 4))}污水处理厂提标改造工程`,
      nature: rng.chance(0.5) ? '3' : '2',
      investment: rng.real(3000, 40000),
      buildingArea: null,
      owner: investmentCompany(rng, place),
      scope: `设计处理规模${rng.int(2, 20)}万立方米/日，出水水质由一级A标准提升至地表水准Ⅳ类标准。`,
    }),
  },
  {
    industry: '2',
    make: (rng, place, year) => ({
      title: `${place.label}老旧小区改造项目（${year}年）`,
      nature: '3',
      investment: rng.real(2000, 50000),
      buildingArea: rng.real(50000, 600000, 0),
      owner: governmentDept(place, '住房和城乡建设局'),
      scope: `涉及小区${rng.int(5, 60)}个、楼栋${rng.int(40, 500)}栋，改造内容包括外墙保温、屋面防水、管网更新、加装电梯及停车设施等。`,
    }),
  },
  {
    industry: '2',
    make: (rng, place) => ({
      title: `${place.label}城区集中供热管网扩建工程`,
      nature: '2',
      investment: rng.real(2000, 30000),
      buildingArea: null,
      owner: [`${place.short}${rng.pick(words.BRANDS)}热力有限公司`, '3'],
      scope: `新建供热主管网${km(rng, 3, 30)}公里，新建换热站${rng.int(5, 40)}座，新增供热面积约${rng.int(50, 500)}万平方米。`,
    }),
  },
  {
    industry: '2',
    make: (rng, place) => {
      const road = rng.pick(words.ROADS);
      return {
        title: `${place.label}${road}桥梁维修加固工程`,
        nature: '3',
        investment: rng.real(500, 12000),
        buildingArea: null,
        owner: governmentDept(place, '城市管理局'),
        scope: `对${road}沿线${rng.int(2, 12)}座桥梁进行维修加固，更换伸缩缝及支座，桥面铺装整体翻新。`,
      };
    },
  },
  {
    industry: '2',
    make: (rng, place) => ({
      title: `${place.label}${rng.pick(words.PARKS)}公园建设工程`,
      nature: '1',
      investment: rng.real(1500, 30000),
      buildingArea: null,
      owner: governmentDept(place, '城市管理局'),
      scope: `公园占地约${rng.int(50, 800)}亩，建设园路、广场、景观绿化、亲水平台及配套服务设施。`,
    }),
  },
  {
    industry: '2',
    make: (rng, place) => ({
      title: `${place.label}海绵城市建设项目`,
      nature: '1',
      investment: rng.real(10000, 90000),
      buildingArea: null,
      owner: investmentCompany(rng, place),
      scope: `实施海绵化改造面积约${rng.int(3, 30)}平方公里，建设雨水调蓄池、透水铺装及下沉式绿地。`,
    }),
  },
  // 交通
  {
    industry: '3',
    make: (rng, place) => ({
      title: `${place.label}${rng.pick(words.ROADS)}跨${rng.pick(words.RIVERS)}大桥新建工程`,
      nature: '1',
      investment: rng.real(8000, 150000),
      buildingArea: null,
      owner: rng.chance(0.5) ? governmentDept(place, '交通运输局') : investmentCompany(rng, place),
      scope: `桥梁全长约${rng.int(300, 2500)}米，主桥采用${rng.pick(['预应力混凝土连续箱梁', '钢箱梁', '斜拉桥', '系杆拱'])}结构，双向${rng.pick([4, 6, 8])}车道，设计速度${rng.pick([40, 50, 60, 80])}公里/小时。`,
    }),
  },
  {
    industry: '3',
    make: (rng, place) => ({
      title: `G${rng.pick(['104', '105', '205', '206', '220', '308', '309', '327', '342'])}${place.label}段改扩建工程`,
      nature: '2',
      investment: rng.real(20000, 200000),
      buildingArea: null,
      owner: [`${place.label}公路事业发展中心`, '2'],
      scope: `路线全长${km(rng, 8, 60)}公里，按一级公路标准改扩建，路基宽度${rng.pick([24.5, 25.5, 33.5])}米，全线设置桥梁${rng.int(3, 30)}座。`,
    }),
  },
  {
    industry: '3',
    make: (rng, place, year) => ({
      title: `${place.label}农村公路提档升级工程（${year}年）`,
      nature: '3',
      investment: rng.real(1000, 25000),
      buildingArea: null,
      owner: governmentDept(place, '交通运输局'),
      scope: `改造农村公路${km(rng, 20, 200)}公里，新建、改建桥梁${rng.int(2, 25)}座，完善安全生命防护工程。`,
    }),
  },
  {
    industry: '3',
    make: (rng, place) => ({
      title: `${place.label}${town(rng)}至${town(rng)}公路新建工程`,
      nature: '1',
      investment: rng.real(3000, 40000),
      buildingArea: null,
      owner: governmentDept(place, '交通运输局'),
      scope: `路线全长${km(rng, 5, 30)}公里，按二级公路标准建设，设计速度${rng.pick([60, 80])}公里/小时。`,
    }),
  },
  {
    industry: '3',
    make: (rng, place) => ({
      title: `${place.label}${rng.pick(words.RIVERS)}跨河桥梁及连接线工程`,
      nature: '1',
      investment: rng.real(5000, 60000),
      buildingArea: null,
      owner: investmentCompany(rng, place),
      scope: `新建桥梁${rng.int(1, 3)}座及连接线道路${km(rng, 1, 8)}公里，桥梁宽度${rng.pick([24, 32, 40])}米。`,
    }),
  },
  {
    industry: '3',
    make: (rng, place) => ({
      title: `${place.label}公交枢纽站建设项目`,
      nature: '1',
      investment: rng.real(2000, 20000),
      buildingArea: rng.real(5000, 40000, 0),
      owner: [`${place.short}公共交通集团有限公司`, '3'],
      scope: `建设公交首末站、调度中心、充电桩及停车场，设置公交停车位${rng.int(40, 300)}个。`,
    }),
  },
  // 房建
  {
    industry: '1',
    make: (rng, place) => ({
      title: `${place.label}${rng.pick(words.SCHOOL_ORDINALS)}中学教学楼新建项目`,
      nature: '1',
      investment: rng.real(3000, 30000),
      buildingArea: rng.real(8000, 45000, 0),
      owner: governmentDept(place, '教育和体育局'),
      scope: `主要建设教学楼、实验楼、图书馆及配套设施，建成后学校新增学位${rng.int(10, 60) * 50}个。`,
    }),
  },
  {
    industry: '1',
    make: (rng, place) => ({
      title: `${place.label}${town(rng)}学校改扩建工程`,
      nature: '2',
      investment: rng.real(1500, 12000),
      buildingArea: rng.real(5000, 20000, 0),
      owner: governmentDept(place, '教育和体育局'),
      scope: `改造原有教学楼并新建综合楼、食堂及宿舍，学校办学规模扩大至${rng.int(18, 48)}个教学班。`,
    }),
  },
  {
    industry: '1',
    make: (rng, place) => ({
      title: `${place.label}职业教育中心学校实训楼建设项目`,
      nature: '1',
      investment: rng.real(3000, 20000),
      buildingArea: rng.real(8000, 30000, 0),
      owner: [`${place.label}职业教育中心学校`, '2'],
      scope: `新建实训楼及配套设施，设置智能制造、汽车维修、电子商务等专业实训室${rng.int(20, 60)}间。`,
    }),
  },
  {
    industry: '1',
    make: (rng, place) => ({
      title: `${place.label}${rng.pick(words.SCHOOL_ORDINALS)}实验小学扩建工程`,
      nature: '2',
      investment: rng.real(2000, 15000),
      buildingArea: rng.real(6000, 25000, 0),
      owner: governmentDept(place, '教育和体育局'),
      scope: `扩建教学综合楼及风雨操场，新增教学班${rng.int(12, 36)}个，同步改造室外运动场地。`,
    }),
  },
  {
    industry: '1',
    make: (rng, place) => ({
      title: `${place.label}人民医院门诊医技综合楼建设项目`,
      nature: '1',
      investment: rng.real(15000, 120000),
      buildingArea: rng.real(20000, 90000, 0),
      owner: [`${place.label}人民医院`, '2'],
      scope: `建设门诊医技综合楼一栋，地上${rng.int(8, 20)}层、地下${rng.int(1, 3)}层，新增床位${rng.int(3, 12) * 100}张。`,
    }),
  },
  {
    industry: '1',
    make: (rng, place) => ({
      title: `${place.label}中医医院病房楼建设项目`,
      nature: '1',
      investment: rng.real(8000, 60000),
      buildingArea: rng.real(15000, 60000, 0),
      owner: [`${place.label}中医医院`, '2'],
      scope: `新建病房楼及配套用房，设置床位${rng.int(2, 8) * 100}张，配套建设医用气体、污水处理等设施。`,
    }),
  },
  {
    industry: '1',
    make: (rng, place) => ({
      title: `${place.label}${town(rng)}安置房建设项目（${rng.pick(words.ORDINAL_NUMERALS)}期）`,
      nature: '1',
      investment: rng.real(20000, 150000),
      buildingArea: rng.real(50000, 350000, 0),
      owner: investmentCompany(rng, place),
      scope: `规划建设安置住宅${rng.int(10, 50)}栋，安置户数约${rng.int(8, 40) * 100}户，配套建设社区服务中心及地下车库。`,
    }),
  },
  {
    industry: '1',
    make: (rng, place) => ({
      title: `${place.cityShort}${rng.pick(words.BRANDS)}·${rng.pick(['御府', '公馆', '学府', '澜庭', '天悦', '云著', '春风里', '悦府'])}项目`,
      nature: '1',
      investment: rng.real(30000, 300000),
      buildingArea: rng.real(80000, 500000, 0),
      owner: [`${place.cityShort}${rng.pick(words.BRANDS)}置业有限公司`, '4'],
      scope: `规划建设住宅楼${rng.int(8, 40)}栋及配套商业，总建筑面积约${rng.int(8, 50)}万平方米。`,
    }),
  },
  {
    industry: '1',
    make: (rng, place) => ({
      title: `${place.label}全民健身中心建设项目`,
      nature: '1',
      investment: rng.real(5000, 40000),
      buildingArea: rng.real(10000, 50000, 0),
      owner: governmentDept(place, '教育和体育局'),
      scope: `建设综合训练馆、游泳馆及室外运动场，配套建设停车场及附属用房。`,
    }),
  },
  {
    industry: '1',
    make: (rng, place) => ({
      title: `${place.label}养老服务中心建设项目`,
      nature: '1',
      investment: rng.real(3000, 25000),
      buildingArea: rng.real(8000, 40000, 0),
      owner: governmentDept(place, '民政局'),
      scope: `建设养老床位${rng.int(2, 10) * 100}张，配套建设医养结合服务用房及康复活动场所。`,
    }),
  },
  {
    industry: '1',
    make: (rng, place) => ({
      title: `${place.label}${town(rng)}中心幼儿园新建工程`,
      nature: '1',
      investment: rng.real(800, 6000),
      buildingArea: rng.real(3000, 9000, 0),
      owner: governmentDept(place, '教育和体育局'),
      scope: `新建${rng.pick([9, 12, 15, 18])}个班幼儿园一所，配套建设室外活动场地及附属设施。`,
    }),
  },
  {
    industry: '1',
    make: (rng, place) => ({
      title: `${place.label}保障性租赁住房项目`,
      nature: '1',
      investment: rng.real(10000, 80000),
      buildingArea: rng.real(30000, 200000, 0),
      owner: investmentCompany(rng, place),
      scope: `筹建保障性租赁住房${rng.int(5, 30) * 100}套，配套建设公共服务设施及地下停车位。`,
    }),
  },
  // 水利
  {
    industry: '4',
    make: (rng, place) => ({
      title: `${place.label}${rng.pick(words.RIVERS)}河道综合治理工程`,
      nature: '3',
      investment: rng.real(2000, 60000),
      buildingArea: null,
      owner: governmentDept(place, '水利局'),
      scope: `治理河道长度${km(rng, 5, 40)}公里，主要建设内容包括河道清淤、堤防加固、护岸及生态修复工程。`,
    }),
  },
  {
    industry: '4',
    make: (rng, place) => ({
      title: `${place.label}${rng.pick(words.RESERVOIRS)}水库除险加固工程`,
      nature: '3',
      investment: rng.real(1000, 20000),
      buildingArea: null,
      owner: governmentDept(place, '水利局'),
      scope: `对大坝、溢洪道及放水洞进行除险加固，完善大坝安全监测设施及管理设施。`,
    }),
  },
  {
    industry: '4',
    make: (rng, place) => ({
      title: `${place.label}农村供水管网改造提升工程`,
      nature: '3',
      investment: rng.real(1500, 25000),
      buildingArea: null,
      owner: [`${place.short}水务集团有限公司`, '3'],
      scope: `改造农村供水管网${km(rng, 50, 600)}公里，受益人口约${rng.int(5, 60)}万人。`,
    }),
  },
  {
    industry: '4',
    make: (rng, place) => ({
      title: `${place.label}${rng.pick(words.RIVERS)}防洪堤加固工程`,
      nature: '2',
      investment: rng.real(2000, 30000),
      buildingArea: null,
      owner: governmentDept(place, '水利局'),
      scope: `加固堤防${km(rng, 3, 25)}公里，新建、改建穿堤建筑物${rng.int(3, 20)}座，防洪标准提高至${rng.pick([20, 50, 100])}年一遇。`,
    }),
  },
  // 能源
  {
    industry: '5',
    make: (rng, place) => ({
      title: `${place.label}${rng.int(2, 60) * 5}MW分布式光伏发电项目`,
      nature: '1',
      investment: rng.real(3000, 60000),
      buildingArea: null,
      owner: rng.chance(0.5)
        ? [`山东${rng.pick(words.BRANDS)}能源发展有限公司`, '3']
        : [`${place.cityShort}${rng.pick(words.BRANDS)}新能源科技有限公司`, '4'],
      scope: `利用厂房及公共建筑屋顶建设分布式光伏电站，年均发电量约${rng.int(500, 9000)}万千瓦时。`,
    }),
  },
  {
    industry: '5',
    make: (rng, place) => ({
      title: `${place.label}${rng.int(5, 40)}万千瓦风电项目`,
      nature: '1',
      investment: rng.real(30000, 250000),
      buildingArea: null,
      owner: [`山东${rng.pick(words.BRANDS)}风力发电有限公司`, '3'],
      scope: `安装单机容量${rng.pick([4.5, 5, 6.25, 6.7])}兆瓦风电机组${rng.int(10, 60)}台，配套建设升压站及集电线路。`,
    }),
  },
  {
    industry: '5',
    make: (rng, place) => ({
      title: `${place.label}110kV${town(rng)}输变电工程`,
      nature: '1',
      investment: rng.real(2000, 15000),
      buildingArea: null,
      owner: [`国网山东省电力公司${place.cityShort}供电公司`, '3'],
      scope: `新建110千伏变电站一座，主变容量${rng.pick([2, 3])}×${rng.pick([50, 63])}兆伏安，新建线路${km(rng, 3, 30)}公里。`,
    }),
  },
  {
    industry: '5',
    make: (rng, place) => ({
      title: `${place.label}天然气管网建设工程`,
      nature: rng.chance(0.5) ? '1' : '2',
      investment: rng.real(1500, 30000),
      buildingArea: null,
      owner: [`${place.short}${rng.pick(words.BRANDS)}燃气有限公司`, '3'],
      scope: `新建中压燃气管道${km(rng, 10, 120)}公里，建设调压站${rng.int(2, 12)}座。`,
    }),
  },
  {
    industry: '5',
    make: (rng, place) => ({
      title: `${place.label}储能电站建设项目`,
      nature: '1',
      investment: rng.real(10000, 120000),
      buildingArea: null,
      owner: [`山东${rng.pick(words.BRANDS)}储能科技有限公司`, '4'],
      scope: `建设${rng.int(5, 40) * 10}MW/${rng.int(10, 80) * 10}MWh电化学储能电站及配套升压站。`,
    }),
  },
  // 工业
  {
    industry: '6',
    make: (rng, place) => {
      const product = rng.pick(words.PRODUCTS);
      return {
        title: `${enterpriseName(rng, place)}年产${rng.int(1, 50) * 2}${product.unit}${product.name}项目`,
        nature: '1',
        investment: rng.real(5000, 200000),
        buildingArea: rng.real(10000, 150000, 0),
        owner: [enterpriseName(rng, place), '4'],
        scope: `新建生产车间、仓库及研发楼，购置主要生产设备${rng.int(50, 600)}台（套），建设${product.name}智能化生产线。`,
      };
    },
  },
  {
    industry: '6',
    make: (rng, place) => {
      const company = enterpriseName(rng, place);
      return {
        title: `${company}${rng.pick(words.PRODUCTS).name}生产线技术改造项目`,
        nature: '3',
        investment: rng.real(2000, 60000),
        buildingArea: null,
        owner: [company, rng.chance(0.8) ? '4' : '5'],
        scope: `利用现有厂房实施技术改造，新增自动化设备${rng.int(20, 200)}台（套），提升产能和能效水平。`,
      };
    },
  },
  {
    industry: '6',
    make: (rng, place) => ({
      title: `${place.label}经济开发区标准化厂房建设项目`,
      nature: '1',
      investment: rng.real(5000, 60000),
      buildingArea: rng.real(30000, 250000, 0),
      owner: [`${place.label}经济开发区管理委员会`, '1'],
      scope: `建设标准化厂房${rng.int(6, 40)}栋及配套研发办公用房，完善园区道路和管网。`,
    }),
  },
  // 农林
  {
    industry: '7',
    make: (rng, place, year) => ({
      title: `${place.label}${year}年${rng.int(1, 12)}万亩高标准农田建设项目`,
      nature: '1',
      investment: rng.real(1500, 25000),
      buildingArea: null,
      owner: governmentDept(place, '农业农村局'),
      scope: `建设高标准农田，实施土地平整、灌溉排水、田间道路及农田防护林网工程。`,
    }),
  },
  {
    industry: '7',
    make: (rng, place) => ({
      title: `${place.label}现代农业产业园建设项目`,
      nature: '1',
      investment: rng.real(5000, 50000),
      buildingArea: rng.real(10000, 80000, 0),
      owner: [`${place.short}农业发展集团有限公司`, '3'],
      scope: `建设智能温室、冷链仓储、农产品加工及电商服务中心，带动周边种植基地${rng.int(1, 10)}万亩。`,
    }),
  },
  {
    industry: '7',
    make: (rng, place) => ({
      title: `${place.label}${town(rng)}设施蔬菜大棚建设项目`,
      nature: '1',
      investment: rng.real(500, 8000),
      buildingArea: null,
      owner: governmentDept(place, '农业农村局'),
      scope: `新建高标准日光温室${rng.int(50, 400)}个，配套建设水肥一体化灌溉系统。`,
    }),
  },
  // 其他
  {
    industry: '8',
    make: (rng, place) => ({
      title: `${place.label}物流园区建设项目`,
      nature: '1',
      investment: rng.real(10000, 100000),
      buildingArea: rng.real(30000, 200000, 0),
      owner: [`${place.cityShort}${rng.pick(words.BRANDS)}物流有限公司`, '4'],
      scope: `建设仓储中心、分拣中心、冷链仓库及综合服务楼，年吞吐能力约${rng.int(50, 500)}万吨。`,
    }),
  },
  {
    industry: '8',
    make: (rng, place) => ({
      title: `${place.label}文化旅游综合体项目`,
      nature: '1',
      investment: rng.real(20000, 200000),
      buildingArea: rng.real(20000, 150000, 0),
      owner: [`${place.short}文化旅游发展集团有限公司`, '3'],
      scope: `建设游客服务中心、民俗文化街区、演艺中心及配套停车场。`,
    }),
  },
  {
    industry: '8',
    make: (rng, place) => ({
      title: `${place.label}智慧城市建设项目`,
      nature: '1',
      investment: rng.real(2000, 30000),
      buildingArea: null,
      owner: governmentDept(place, '大数据局'),
      scope: `建设城市运行管理中心、政务云平台及视频感知网络，整合政务数据资源。`,
    }),
  },
];

const INDUSTRY_WEIGHTS: Record<Industry, number> = {
  '1': 30,
  '2': 22,
  '3': 14,
  '4': 8,
  '5': 9,
  '6': 9,
  '7': 5,
  '8': 3,
};
const KIND_WEIGHTS = PROJECT_KINDS.map(
  (kind) => INDUSTRY_WEIGHTS[kind.industry] / PROJECT_KINDS.filter((k) => k.industry === kind.industry).length,
);

// ---- projects -------------------------------------------------------------------------------

export interface ContactRow {
  company: string;
  name: string;
  phone: string;
  address: string;
}

export interface XmkVersionRow {
  version: number;
  stage: XmkStage;
  summary: string;
  changeTime: string;
}

export interface XmkRow {
  title: string;
  areaCode: string;
  cityCode: string;
  address: string;
  industry: Industry;
  stage: XmkStage;
  nature: XmkNature;
  investment: number;
  buildingArea: number | null;
  owner: string;
  ownerType: OwnerType;
  approvalAuthority: string;
  planStartDate: string | null;
  planEndDate: string | null;
  content: string;
  contact: ContactRow;
  publishTime: string;
  updateTime: string;
  views: number;
  versions: XmkVersionRow[];
}

const STAGE_PROGRESS: Record<XmkStage, string> = {
  '1': '项目已完成立项备案，正在开展前期工作。',
  '2': '项目可行性研究报告已获批复，正在办理用地、规划等审批手续。',
  '3': '项目初步设计已完成，施工图设计正在进行中。',
  '4': '项目已进入招标阶段，施工、监理等招标工作正在进行。',
  '5': '项目已开工建设，目前主体工程正在施工。',
  '6': '项目已完成建设并通过竣工验收。',
};

const STAGE_SUMMARY: Record<XmkStage, string> = {
  '1': '项目完成立项备案',
  '2': '可行性研究报告获批，进入审批阶段',
  '3': '取得规划许可，进入设计阶段',
  '4': '施工图审查通过，进入招标阶段',
  '5': '取得施工许可，项目开工建设',
  '6': '项目竣工验收完成',
};

const labelOf = (entries: readonly { value: string; label: string }[], value: string) =>
  entries.find((e) => e.value === value)?.label ?? value;

const STAGE_WEIGHTS = [14, 20, 16, 18, 24, 8];
const STAGES: readonly XmkStage[] = ['1', '2', '3', '4', '5', '6'];

function approvalAuthority(rng: Random, place: Place, investment: number): string {
  if (investment > 100_000) return '山东省发展和改革委员会';
  if (place.areaCode === place.cityCode) return rng.chance(0.5) ? `${place.cityName}发展和改革委员会` : `${place.cityName}行政审批服务局`;
  return rng.chance(0.5) ? `${place.label}发展和改革局` : `${place.label}行政审批服务局`;
}

/** Views grow with age: a few a day, plus noise. */
const viewsFor = (rng: Random, publishAt: Date, now: Date) =>
  Math.floor(((now.getTime() - publishAt.getTime()) / DAY_MS) * rng.real(0.5, 6)) + rng.int(0, 30);

export function generateXmk(rng: Random, publishAt: Date, now: Date): XmkRow {
  const place = pickPlace(rng);
  const kind = rng.weighted(PROJECT_KINDS, KIND_WEIGHTS);
  const year = Number(formatDate(publishAt).slice(0, 4));
  const draft = kind.make(rng, place, year);
  const [owner, ownerType] = draft.owner;

  // Stage history: young projects have had no time to move on.
  const ageDays = (now.getTime() - publishAt.getTime()) / DAY_MS;
  const stage = ageDays < 3 ? rng.weighted(STAGES.slice(0, 3), STAGE_WEIGHTS.slice(0, 3)) : rng.weighted(STAGES, STAGE_WEIGHTS);
  const first = ageDays < 3 ? Number(stage) : rng.int(1, Math.min(Number(stage), 3));
  const steps = Number(stage) - first + 1;
  const offsets = Array.from({ length: steps - 1 }, () => rng.next() * 0.9).sort((a, b) => a - b);
  const span = now.getTime() - publishAt.getTime();
  const versions: XmkVersionRow[] = [0, ...offsets].map((offset, i) => {
    const versionStage = String(first + i) as XmkStage;
    return {
      version: i + 1,
      stage: versionStage,
      summary: i === 0 ? `项目发布，当前阶段：${labelOf(XMK_STAGES, versionStage)}` : STAGE_SUMMARY[versionStage],
      changeTime: formatDateTime(new Date(publishAt.getTime() + Math.floor(offset * span))),
    };
  });

  const address = streetAddress(rng, place);
  const planStart = addDays(publishAt, rng.int(30, 180));
  const hasPlan = rng.chance(0.85);
  const fund = rng.pick(words.FUND_SOURCES);
  const contactCompany = rng.chance(0.7) ? owner : agencyName(rng, place);
  const content =
    `<p><strong>项目概况：</strong>${draft.title}位于${address}，建设单位为${owner}，项目性质为${labelOf(XMK_NATURES, draft.nature)}。</p>` +
    `<p><strong>建设内容：</strong>${draft.scope}</p>` +
    `<p><strong>投资情况：</strong>项目总投资约${draft.investment}万元，资金来源为${fund}。</p>` +
    `<p><strong>进展情况：</strong>${STAGE_PROGRESS[stage]}</p>`;

  return {
    title: draft.title,
    areaCode: place.areaCode,
    cityCode: place.cityCode,
    address,
    industry: kind.industry,
    stage,
    nature: draft.nature,
    investment: draft.investment,
    buildingArea: draft.buildingArea,
    owner,
    ownerType,
    approvalAuthority: approvalAuthority(rng, place, draft.investment),
    planStartDate: hasPlan ? formatDate(planStart) : null,
    planEndDate: hasPlan ? formatDate(addDays(planStart, rng.int(180, 1095))) : null,
    content,
    contact: { company: contactCompany, name: personName(rng), phone: phoneFor(rng, place), address },
    publishTime: formatDateTime(publishAt),
    updateTime: versions[versions.length - 1]!.changeTime,
    views: viewsFor(rng, publishAt, now),
    versions,
  };
}

// ---- tenders --------------------------------------------------------------------------------

/** What a tender needs to know about its project. */
export interface ProjectRef {
  id: number;
  title: string;
  areaCode: string;
  industry: Industry;
  owner: string;
  investment: number;
  approvalAuthority: string;
  projectCode: string | null;
}

export interface ZbRow {
  title: string;
  areaCode: string;
  cityCode: string;
  industry: Industry;
  noticeType: GeneratedNoticeType;
  amount: number | null;
  tenderer: string;
  agency: string;
  openTime: string | null;
  signupDeadline: string | null;
  content: string;
  contact: ContactRow;
  xmkId: number | null;
  /** 标段: the notices of one tender process share it; null for a one-off notice. */
  processCode: string | null;
  /** The linked project's code. */
  projectCode: string | null;
  /** 中标候选人公示: the first candidate; 中标结果: the winner. */
  winner: string | null;
  /** 万元 */
  winAmount: number | null;
  publishTime: string;
  updateTime: string;
  views: number;
}

interface Scope {
  name: string;
  /** share of the project's investment */
  share: [number, number];
  qualification: string;
}

const SCOPES: Record<Industry, readonly Scope[]> = {
  '1': [
    { name: '施工总承包', share: [0.55, 0.85], qualification: words.QUALIFICATIONS.building },
    { name: '监理', share: [0.01, 0.03], qualification: words.QUALIFICATIONS.supervision },
    { name: '勘察设计', share: [0.02, 0.05], qualification: words.QUALIFICATIONS.design },
  ],
  '2': [
    { name: '施工', share: [0.55, 0.85], qualification: words.QUALIFICATIONS.municipal },
    { name: '监理', share: [0.01, 0.03], qualification: words.QUALIFICATIONS.supervision },
    { name: '设计', share: [0.02, 0.05], qualification: words.QUALIFICATIONS.design },
  ],
  '3': [
    { name: '施工', share: [0.6, 0.85], qualification: words.QUALIFICATIONS.road },
    { name: '监理', share: [0.01, 0.03], qualification: words.QUALIFICATIONS.supervision },
    { name: '勘察设计', share: [0.02, 0.05], qualification: words.QUALIFICATIONS.design },
  ],
  '4': [
    { name: '施工', share: [0.6, 0.85], qualification: words.QUALIFICATIONS.water },
    { name: '监理', share: [0.01, 0.03], qualification: words.QUALIFICATIONS.supervision },
  ],
  '5': [
    { name: 'EPC总承包', share: [0.7, 0.95], qualification: words.QUALIFICATIONS.power },
    { name: '主要设备采购', share: [0.2, 0.5], qualification: words.QUALIFICATIONS.goods },
    { name: '监理', share: [0.01, 0.03], qualification: words.QUALIFICATIONS.supervision },
  ],
  '6': [
    { name: '施工总承包', share: [0.4, 0.7], qualification: words.QUALIFICATIONS.building },
    { name: '设备采购', share: [0.1, 0.4], qualification: words.QUALIFICATIONS.goods },
  ],
  '7': [
    { name: '施工', share: [0.6, 0.85], qualification: words.QUALIFICATIONS.water },
    { name: '监理', share: [0.01, 0.03], qualification: words.QUALIFICATIONS.supervision },
  ],
  '8': [
    { name: '施工', share: [0.5, 0.8], qualification: words.QUALIFICATIONS.building },
    { name: '设计', share: [0.02, 0.05], qualification: words.QUALIFICATIONS.design },
  ],
};

interface StandaloneKind {
  industry: Industry;
  base(rng: Random, place: Place, year: number): { title: string; tenderer: string; scope: string };
  amount: [number, number];
  qualification: string;
}

const STANDALONE_KINDS: readonly StandaloneKind[] = [
  {
    industry: '8',
    base: (_rng, place) => ({
      title: `${place.label}人民医院医疗设备采购项目`,
      tenderer: `${place.label}人民医院`,
      scope: '彩色多普勒超声诊断仪、全自动生化分析仪等医疗设备的采购、安装及培训',
    }),
    amount: [80, 3000],
    qualification: words.QUALIFICATIONS.goods,
  },
  {
    industry: '8',
    base: (_rng, place, year) => ({
      title: `${place.label}${year}年中小学教学设备采购项目`,
      tenderer: `${place.label}教育和体育局`,
      scope: '各学校智慧黑板、学生课桌椅、实验室设备的供货、安装及售后服务',
    }),
    amount: [50, 1500],
    qualification: words.QUALIFICATIONS.goods,
  },
  {
    industry: '8',
    base: (_rng, place) => ({
      title: `${place.label}环卫车辆及设备采购项目`,
      tenderer: `${place.label}城市管理局`,
      scope: '洗扫车、压缩式垃圾车及垃圾分类收集设施的采购',
    }),
    amount: [60, 1200],
    qualification: words.QUALIFICATIONS.goods,
  },
  {
    industry: '2',
    base: (_rng, place, year) => ({
      title: `${place.label}${year}年度市政道路养护维修工程`,
      tenderer: `${place.label}城市管理局`,
      scope: '城区市政道路、人行道及附属设施的日常养护和维修',
    }),
    amount: [100, 2500],
    qualification: words.QUALIFICATIONS.municipal,
  },
  {
    industry: '2',
    base: (rng, place) => ({
      title: `${place.label}${rng.pick(words.ROADS)}路灯节能改造工程`,
      tenderer: `${place.label}城市管理局`,
      scope: '路灯灯具更换为LED节能灯具，更新配电箱及控制系统',
    }),
    amount: [40, 800],
    qualification: words.QUALIFICATIONS.municipal,
  },
  {
    industry: '3',
    base: (_rng, place, year) => ({
      title: `${place.label}${year}年农村公路养护工程`,
      tenderer: `${place.label}交通运输局`,
      scope: '农村公路路面修补、桥涵维护及安全设施完善',
    }),
    amount: [100, 3000],
    qualification: words.QUALIFICATIONS.road,
  },
  {
    industry: '4',
    base: (rng, place) => ({
      title: `${place.label}${rng.pick(words.RIVERS)}水毁修复工程`,
      tenderer: `${place.label}水利局`,
      scope: '水毁堤防、护岸及涵闸的修复加固',
    }),
    amount: [80, 2000],
    qualification: words.QUALIFICATIONS.water,
  },
  {
    industry: '7',
    base: (rng, place) => ({
      title: `${place.label}${town(rng)}美丽乡村建设项目`,
      tenderer: `${place.label}农业农村局`,
      scope: '村内道路硬化、污水治理、绿化亮化及公共服务设施建设',
    }),
    amount: [100, 2500],
    qualification: words.QUALIFICATIONS.municipal,
  },
  {
    industry: '1',
    base: (_rng, place) => ({
      title: `${place.label}机关办公楼维修改造工程`,
      tenderer: `${place.label}机关事务服务中心`,
      scope: '办公楼外立面改造、屋面防水、水电暖及消防系统改造',
    }),
    amount: [60, 1500],
    qualification: words.QUALIFICATIONS.building,
  },
];

const NOTICE_TYPE_WEIGHTS = [10, 45, 10, 15, 20];
const NOTICE_TYPE_VALUES: readonly GeneratedNoticeType[] = ['1', '2', '3', '4', '5'];
export const NOTICE_SUFFIX: Record<GeneratedNoticeType, string> = {
  '1': '招标预告',
  '2': '招标公告',
  '3': '变更公告',
  '4': '中标候选人公示',
  '5': '中标结果公告',
};

const at = (day: Date, time: string) => `${formatDate(day)} ${time}`;

/** The body of `process`'s notice of `noticeType`, with what the notice states. */
function tenderBody(
  rng: Random,
  noticeType: GeneratedNoticeType,
  process: TenderProcess,
  notice: {
    amount: number | null;
    openTime: string | null;
    signupDeadline: string | null;
    publishAt: Date;
    /** 中标候选人公示: the three candidates, first = winner */
    candidates: string[];
  },
): string {
  const intro = `<p><strong>一、项目概况与招标范围</strong></p><p>${process.base}已由${process.approval}批准建设，招标人为${process.tenderer}，招标代理机构为${process.agency}。本次招标范围：${process.scopeText}。</p>`;
  const place = `${process.place.cityName}公共资源交易中心`;
  switch (noticeType) {
    case '1':
      return (
        intro +
        `<p><strong>二、招标计划</strong></p><p>预计于${formatDate(addDays(notice.publishAt, rng.int(15, 45)))
          .slice(0, 7)
          .replace(
            '-',
            '年',
          )}月发布招标公告，${notice.amount === null ? '预算金额以招标公告为准' : `预算金额约${notice.amount}万元`}。</p>` +
        `<p><strong>三、其他</strong></p><p>本预告仅供潜在投标人参考，具体以正式招标公告为准。</p>`
      );
    case '2':
      return (
        intro +
        `<p><strong>二、投标人资格要求</strong></p><p>投标人须具备${process.qualification}，并在人员、设备、资金等方面具有相应的能力。本次招标${rng.chance(0.7) ? '不接受' : '接受'}联合体投标。</p>` +
        `<p><strong>三、招标文件的获取</strong></p><p>请于${notice.signupDeadline}前登录山东省公共资源交易平台下载招标文件。</p>` +
        `<p><strong>四、投标文件的递交</strong></p><p>投标截止时间（开标时间）为${notice.openTime}，地点为${place}。</p>`
      );
    case '3':
      return (
        intro +
        `<p><strong>二、变更内容</strong></p><p>因招标文件澄清，原招标公告中的投标截止时间（开标时间）变更为${notice.openTime}，其他内容不变。</p>` +
        `<p><strong>三、其他</strong></p><p>请各潜在投标人及时关注，由此造成的不便敬请谅解。</p>`
      );
    case '4': {
      const [first, second, third] = notice.candidates;
      return (
        intro +
        `<p><strong>二、中标候选人</strong></p><p>第一中标候选人：${first}，投标报价：${notice.amount}万元；第二中标候选人：${second}；第三中标候选人：${third}。</p>` +
        `<p><strong>三、公示期</strong></p><p>公示期为3日。投标人或其他利害关系人对评标结果有异议的，应当在公示期间向招标人提出。</p>`
      );
    }
    case '5':
      return (
        intro +
        `<p><strong>二、中标结果</strong></p><p>中标人：${process.winner}；中标价：${notice.amount}万元；工期：${rng.int(6, 36) * 30}日历天。</p>` +
        `<p><strong>三、其他</strong></p><p>开标时间为${notice.openTime}，开标地点为${place}。</p>`
      );
  }
}

/**
 * A tender process (标段): what its notices share. Its notices run 预告 → 公告 → (变更) →
 * 中标候选人公示 → 中标结果, published by `processNotice` one at a time; `openTime` and the winner
 * carry over from notice to notice.
 */
export interface TenderProcess {
  code: string | null;
  project: ProjectRef | null;
  place: Place;
  industry: Industry;
  base: string;
  tenderer: string;
  scopeText: string;
  qualification: string;
  amount: number;
  approval: string;
  titleScope: string;
  agency: string;
  contact: ContactRow;
  /** The notice type published last, null before the first. */
  last: GeneratedNoticeType | null;
  signupDeadline: string | null;
  openTime: string | null;
  winner: string | null;
  winAmount: number | null;
}

/** A process for `project` when given, else a standalone procurement. `code` null: a one-off notice. */
export function startProcess(rng: Random, publishAt: Date, project: ProjectRef | null, code: string | null): TenderProcess {
  const year = Number(formatDate(publishAt).slice(0, 4));
  let facts: Omit<
    TenderProcess,
    'code' | 'project' | 'agency' | 'contact' | 'last' | 'signupDeadline' | 'openTime' | 'winner' | 'winAmount'
  >;
  if (project) {
    const scope = rng.pick(SCOPES[project.industry]);
    facts = {
      place: placeByCode(project.areaCode),
      industry: project.industry,
      base: project.title,
      tenderer: project.owner,
      scopeText: `${scope.name}，详见招标文件`,
      qualification: scope.qualification,
      amount: Math.round(project.investment * rng.real(scope.share[0], scope.share[1], 3) * 100) / 100,
      approval: project.approvalAuthority,
      titleScope: scope.name + (rng.chance(0.25) ? `（${rng.pick(words.ORDINAL_NUMERALS.slice(0, 3))}标段）` : ''),
    };
  } else {
    const place = pickPlace(rng);
    const kind = rng.pick(STANDALONE_KINDS);
    const made = kind.base(rng, place, year);
    facts = {
      place,
      industry: kind.industry,
      base: made.title,
      tenderer: made.tenderer,
      scopeText: made.scope,
      qualification: kind.qualification,
      amount: rng.real(kind.amount[0], kind.amount[1]),
      approval: `${place.label}财政局`,
      titleScope: '',
    };
  }
  const { place, tenderer } = facts;
  const agency = agencyName(rng, place);
  const contact = {
    company: rng.chance(0.75) ? agency : tenderer,
    name: personName(rng),
    phone: phoneFor(rng, place),
    address: `${place.cityName}${rng.pick(words.ROADS)}${rng.int(1, 300)}号${rng.pick(words.BRANDS)}大厦${rng.int(3, 28)}层`,
  };
  const unpublished = { last: null, signupDeadline: null, openTime: null, winner: null, winAmount: null };
  return { code, project, ...facts, agency, contact, ...unpublished };
}

const OPEN_HOURS = ['09:00:00', '09:30:00', '14:30:00'] as const;

/** The process's next notice of `noticeType`, published at `publishAt`; updates the process. */
export function processNotice(rng: Random, process: TenderProcess, noticeType: GeneratedNoticeType, publishAt: Date, now: Date): ZbRow {
  const day = startOfDay(publishAt);
  let openTime: string | null = null;
  let signupDeadline: string | null = null;
  let candidates: string[] = [];
  if (noticeType === '2') {
    signupDeadline = at(addDays(day, rng.int(5, 9)), '17:00:00');
    openTime = at(addDays(day, rng.int(20, 28)), rng.pick(OPEN_HOURS));
  } else if (noticeType === '3') {
    // A 变更公告 moves the opening: a week later than announced, or 10–20 days out for a one-off.
    const announced = process.openTime ? parseLocalDateTime(process.openTime) : null;
    openTime = announced ? formatDateTime(addDays(announced, 7)) : at(addDays(day, rng.int(10, 20)), rng.pick(OPEN_HOURS));
    // Now and then the contact changes too.
    if (rng.chance(0.3)) process.contact = { ...process.contact, name: personName(rng), phone: phoneFor(rng, process.place) };
  } else if (noticeType === '4' || noticeType === '5') {
    openTime = process.openTime ?? at(addDays(day, -rng.int(3, 12)), rng.pick(OPEN_HOURS));
  }
  if (noticeType === '4' || (noticeType === '5' && process.winner === null)) {
    candidates = [contractorName(rng), contractorName(rng), contractorName(rng)];
    process.winner = candidates[0]!;
    process.winAmount = Math.round(process.amount * rng.real(0.88, 0.99, 3) * 100) / 100;
  }
  if (noticeType !== '4' && noticeType !== '5') {
    process.signupDeadline = signupDeadline ?? process.signupDeadline;
    process.openTime = openTime ?? process.openTime;
  }
  process.last = noticeType;

  const stated = noticeType === '1' && rng.chance(0.4) ? null : process.amount;
  const publishTime = formatDateTime(publishAt);
  const settled = noticeType === '4' || noticeType === '5';
  const amount = settled ? process.winAmount : stated;
  const content = tenderBody(rng, noticeType, process, { amount, openTime, signupDeadline, publishAt, candidates });
  return {
    title: `${process.base}${process.titleScope}${NOTICE_SUFFIX[noticeType]}`,
    areaCode: process.place.areaCode,
    cityCode: process.place.cityCode,
    industry: process.industry,
    noticeType,
    amount: stated,
    tenderer: process.tenderer,
    agency: process.agency,
    openTime,
    signupDeadline,
    content,
    contact: { ...process.contact },
    xmkId: process.project?.id ?? null,
    processCode: process.code,
    projectCode: process.project?.projectCode ?? null,
    winner: settled ? process.winner : null,
    winAmount: settled ? process.winAmount : null,
    publishTime,
    updateTime: publishTime,
    views: viewsFor(rng, publishAt, now),
  };
}

/** A one-off tender notice of a random type published at `publishAt` (no process code). */
export function generateZb(rng: Random, publishAt: Date, now: Date, project: ProjectRef | null): ZbRow {
  const noticeType = rng.weighted(NOTICE_TYPE_VALUES, NOTICE_TYPE_WEIGHTS);
  return processNotice(rng, startProcess(rng, publishAt, project, null), noticeType, publishAt, now);
}

/**
 * When a process's next notice is due after one of `type` at `publishAt`, and which it is; null
 * when the process is complete. 预告 → 公告 in 10–30 days; a 公告 is changed in 3–8 days one time
 * in three; candidates 1–3 days after the opening; the result 4–8 days after the candidates.
 */
export function nextInProcess(rng: Random, process: TenderProcess, publishAt: Date): { type: GeneratedNoticeType; due: number } | null {
  const hour = () => (8 * 3600 + rng.int(0, 10 * 3600)) * 1000;
  const after = (from: Date, min: number, max: number) => startOfDay(addDays(from, rng.int(min, max))).getTime() + hour();
  const opening = process.openTime ? (parseLocalDateTime(process.openTime) ?? publishAt) : publishAt;
  switch (process.last) {
    case '1':
      return { type: '2', due: after(publishAt, 10, 30) };
    case '2':
      return rng.chance(1 / 3) ? { type: '3', due: after(publishAt, 3, 8) } : { type: '4', due: after(opening, 1, 3) };
    case '3':
      return { type: '4', due: after(opening, 1, 3) };
    case '4':
      return { type: '5', due: after(publishAt, 4, 8) };
    default:
      return null;
  }
}

/**
 * `count` publish instants over the year before `now`, oldest first: a share falls on today
 * (so the home page's "today" counts are never zero), the rest on working hours of earlier days.
 */
export function publishTimes(rng: Random, count: number, now: Date): Float64Array {
  const today = startOfDay(now).getTime();
  const todayCount = count === 0 ? 0 : Math.min(count, Math.max(3, Math.round(count * 0.004)));
  const times = new Float64Array(count);
  const sinceMidnight = now.getTime() - today;
  for (let i = 0; i < count; i++) {
    if (i < todayCount) {
      times[i] = today + Math.floor(rng.next() * sinceMidnight);
    } else {
      const day = today - rng.int(1, 365) * DAY_MS;
      // 08:00–19:59 local, whole seconds
      times[i] = day + (8 * 3600 + rng.int(0, 12 * 3600 - 1)) * 1000;
    }
  }
  return times.sort();
}
